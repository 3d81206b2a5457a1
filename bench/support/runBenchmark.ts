import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { BENCHMARKS, type Benchmark } from '../benchmarks';
import { GOAL_MISSED } from './goal';

const BENCH_DIR = new URL('..', import.meta.url);
const RUNNER_FILES = new Set(['run.ts', 'benchmarks.ts']);

/** Bench scripts nobody listed in bench/benchmarks.ts: they would never run, so the smoke run refuses them. */
export function unlistedBenchmarks(): string[] {
  const listed = new Set(BENCHMARKS.map((b) => `${b.file}.ts`));
  return readdirSync(BENCH_DIR)
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

/** Runs `command` from the project's folder; its output is gathered and, with `echo`, shown as it comes. */
function runCommand(
  command: string,
  args: string[],
  { env = {}, echo = true }: { env?: Record<string, string>; echo?: boolean } = {},
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: new URL('..', BENCH_DIR),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (echo) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (echo) process.stderr.write(chunk);
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/** Builds the SPA (and the server bundle) when their sources changed: the benchmarks that serve dist/ need it. */
export async function buildIfStale(echo = true): Promise<void> {
  const build = await runCommand(process.execPath, ['scripts/build-if-stale.mjs'], { echo });
  if (build.code !== 0) throw new Error(`the build failed (exit ${build.code}):\n${build.stderr}`);
}

/**
 * Runs one benchmark at its full or its smoke size; null when it ran and printed its figures, else why not. In the
 * smoke run a missed goal (exit code GOAL_MISSED) is no failure: a second of a few devices says nothing of a goal.
 */
export async function runBenchmark(
  bench: Benchmark,
  { smoke, echo = true }: { smoke: boolean; echo?: boolean },
): Promise<{ failure: string | null; stdout: string; stderr: string }> {
  const { args = [], env = {} } = smoke ? bench.smoke : bench;
  if (echo)
    console.log(`\n== ${bench.name}: node --import tsx bench/${bench.file}.ts ${args.join(' ')}`.trimEnd());
  const { code, stdout, stderr } = await runCommand(
    process.execPath,
    ['--import', 'tsx', `bench/${bench.file}.ts`, ...args],
    { env, echo },
  );
  if (code !== 0 && !(smoke && code === GOAL_MISSED))
    return { failure: code === GOAL_MISSED ? 'missed its goal' : `exited with ${code}`, stdout, stderr };
  return { failure: printsFigures(stdout) ? null : 'printed no figure', stdout, stderr };
}
