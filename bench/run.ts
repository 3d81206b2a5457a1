/**
 * The one way to run the benchmarks (the list and each one's smoke size: bench/benchmarks.ts).
 *
 *   npm run bench [name…]        every benchmark (or those named) at its full size, one after the other
 *   npm run bench:smoke [name…]  every benchmark at a tiny size: shows each still runs and prints its figures
 *
 * A benchmark fails when it exits non-zero or prints no figure (no table row with a number, or a row with NaN).
 * In the smoke run a missed goal (exit code GOAL_MISSED) is no failure: a second of a few devices says nothing of
 * a goal. Each script's output is shown as it runs; the run ends with a summary and exits 1 if anything failed.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { BENCHMARKS, type Benchmark } from './benchmarks';
import { GOAL_MISSED } from './support/goal';

const { values: options, positionals: names } = parseArgs({
  options: { smoke: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const smoke = options.smoke!;
const RUNNER_FILES = new Set(['run.ts', 'benchmarks.ts']);

/** Bench scripts nobody listed: they would never run, so the smoke run refuses them. */
function unlisted(): string[] {
  const listed = new Set(BENCHMARKS.map((b) => `${b.file}.ts`));
  return readdirSync(new URL('.', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !RUNNER_FILES.has(file) && !listed.has(file))
    .map((file) => `bench/${file}`);
}

/** A table row with a number in it, and no row with a figure that could not be computed. */
function printsFigures(output: string): boolean {
  const rows = output
    .split('\n')
    .filter((line) => /^\|.*\|\s*$/.test(line) && !/^\|[\s|:-]+\|\s*$/.test(line));
  const cells = rows.flatMap((row) => row.split('|').map((cell) => cell.trim()));
  return (
    cells.some((cell) => /^-?\d[\d,.]*( ?[a-zA-Z%]+)?$/.test(cell)) &&
    !cells.some((cell) => /\b(NaN|Infinity|undefined)\b/.test(cell))
  );
}

function run(command: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string }>((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      process.stdout.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout }));
  });
}

async function runBenchmark(bench: Benchmark): Promise<string | null> {
  const { args = [], env = {} } = smoke ? bench.smoke : bench;
  console.log(`\n== ${bench.name}: node --import tsx bench/${bench.file}.ts ${args.join(' ')}`.trimEnd());
  const { code, stdout } = await run(
    process.execPath,
    ['--import', 'tsx', `bench/${bench.file}.ts`, ...args],
    env,
  );
  if (code !== 0 && !(smoke && code === GOAL_MISSED)) {
    return code === GOAL_MISSED ? 'missed its goal' : `exited with ${code}`;
  }
  return printsFigures(stdout) ? null : 'printed no figure';
}

const unknown = names.filter((name) => !BENCHMARKS.some((b) => b.name === name));
if (unknown.length > 0) {
  console.error(
    `No benchmark named ${unknown.join(', ')}; there are: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
  );
  process.exit(1);
}
const missing = unlisted();
if (missing.length > 0) {
  console.error(
    `${missing.join(', ')}: add to bench/benchmarks.ts (with its smoke size), or the runner never runs it`,
  );
  process.exit(1);
}
const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
if (selected.some((b) => b.needsBuild)) {
  const build = await run(process.execPath, ['scripts/build-if-stale.mjs']);
  if (build.code !== 0) process.exit(build.code);
}

const results: { name: string; seconds: number; failure: string | null }[] = [];
for (const bench of selected) {
  const started = performance.now();
  const failure = await runBenchmark(bench);
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
