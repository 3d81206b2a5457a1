/**
 * The one way to run the benchmarks (the list and each one's smoke size: bench/benchmarks.ts).
 *
 *   npm run bench [name…]        every benchmark (or those named) at its full size, one after the other
 *   npm run bench:smoke [name…]  every benchmark at a tiny size: shows each still runs and prints its figures
 *
 * A benchmark fails when it exits non-zero or prints no figure (no table row with a number, or a row with NaN).
 * In the smoke run a missed goal is no failure. Each script's output is shown as it runs; the run ends with a
 * summary and exits 1 if anything failed. The test command runs the smoke sizes too (tests/bench/smoke.test.ts).
 */
import { parseArgs } from 'node:util';
import { BENCHMARKS } from './benchmarks';
import { buildIfStale, runBenchmark, unlistedBenchmarks } from './support/runBenchmark';

const { values: options, positionals: names } = parseArgs({
  options: { smoke: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const smoke = options.smoke!;

const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(
    `No benchmark named ${unknown.join(', ')}; there are: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(1);
}
const missing = unlistedBenchmarks();
if (missing.length > 0) {
  console.error(
    `${missing.join(', ')}: add to bench/benchmarks.ts (with its smoke size), or the runner never runs it`,
  );
  process.exit(1);
}
const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
if (selected.some((b) => b.needsBuild)) await buildIfStale();

const results: { name: string; seconds: number; failure: string | null }[] = [];
for (const bench of selected) {
  const started = performance.now();
  const { failure } = await runBenchmark(bench, { smoke });
  results.push({ name: bench.name, seconds: (performance.now() - started) / 1000, failure });
}
console.log(`\n${smoke ? 'Smoke run' : 'Benchmarks'}:`);
for (const { name, seconds, failure } of results)
  console.log(
    `  ${failure ? 'FAILED' : 'ok    '} ${name} (${seconds.toFixed(1)} s)${failure ? `: ${failure}` : ''}`,
  );
const total = results.reduce((sum, r) => sum + r.seconds, 0);
console.log(`  ${total.toFixed(1)} s in all`);
if (results.some((r) => r.failure)) process.exitCode = 1;
