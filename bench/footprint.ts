/**
 * The embedded default's footprint (issue 26): how long `npm start` takes on an existing data folder (and a built,
 * unchanged SPA) until /healthz answers 200, and the idle memory of the server and its embedded PostgreSQL together.
 *
 *   node --import tsx bench/footprint.ts [--runs 5] [--idle-seconds 30]
 *
 * The data folder is made first by a server's first start (the demo seeded, its history backfilled), then left
 * as a deploy stops it. Each run starts `npm start` on it, polls /healthz every 10 ms, waits `idle-seconds` with
 * the demo fleet running, and reads the memory: the proportional set size (PSS, shared pages split between the
 * processes that map them) of the server process and of the postmaster and each of its processes, and their RSS.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startServer, freePort } from '../tests/e2e/support/server';
import { clusterDirOf, runningPostmaster } from '../server/src/db/embedded/cluster';
import { endWithGoal } from './support/goal';
import { round } from './support/stats';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, 'idle-seconds': { type: 'string', default: '30' } },
});

/** PSS and RSS of a process in MiB, from /proc/<pid>/smaps_rollup. */
async function memoryOf(pid: number): Promise<{ pss: number; rss: number }> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0);
  return { pss: kib('Pss') / 1024, rss: kib('Rss') / 1024 };
}

/** The processes whose parent is `pid` (a postmaster's backends and workers). */
async function childrenOf(pid: number): Promise<number[]> {
  const children: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (Number(/\) \S (\d+)/.exec(stat)?.[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** The server process (node … server/build/main.mjs) in process group `group`. */
async function serverIn(group: number): Promise<number> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (Number(/\) \S \d+ (\d+)/.exec(stat)?.[1]) === group && args.includes('server/build/main.mjs')) {
      return Number(entry);
    }
  }
  throw new Error('no server process in the group');
}

const seeded = await startServer({ LOG_LEVEL: 'info' });
const deadline = Date.now() + 300_000;
while (!seeded.output().includes('demo history backfilled')) {
  if (Date.now() > deadline) throw new Error('the demo history was not backfilled');
  await new Promise((r) => setTimeout(r, 200));
}
await seeded.stop({ keepData: true });
const dataDir = seeded.dataDir;

console.log(
  '| run | npm start → /healthz 200 | server PSS | PostgreSQL PSS (processes) | together PSS | together RSS |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
// Issue 26's goals: /healthz within 5 s of `npm start`, both processes' idle memory under 250 MB (decimal).
const GOALS = { startMs: 5000, togetherMiB: 250e6 / 2 ** 20 };
let met = true;
try {
  for (let run = 1; run <= Number(args.runs); run++) {
    const port = await freePort();
    const started = performance.now();
    // npm, its shell and the server in a process group of their own, stopped together as Ctrl-C would.
    const child = spawn('npm', ['start'], {
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
      detached: true,
    });
    for (;;) {
      const status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, Number(args['idle-seconds']) * 1000));
    const server = await memoryOf(await serverIn(child.pid!));
    const postmaster = (await runningPostmaster(clusterDirOf(dataDir)))!;
    const processes = [postmaster.pid, ...(await childrenOf(postmaster.pid))];
    const postgres = (await Promise.all(processes.map(memoryOf))).reduce(
      (sum, m) => ({ pss: sum.pss + m.pss, rss: sum.rss + m.rss }),
      { pss: 0, rss: 0 },
    );
    met &&= startMs < GOALS.startMs && server.pss + postgres.pss < GOALS.togetherMiB;
    console.log(
      `| ${run} | ${round(startMs / 1000, 2)} s | ${round(server.pss, 0)} MiB | ${round(postgres.pss, 0)} MiB ` +
        `(${processes.length}) | ${round(server.pss + postgres.pss, 0)} MiB | ${round(server.rss + postgres.rss, 0)} MiB |`,
    );
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
    while (await runningPostmaster(clusterDirOf(dataDir))) await new Promise((r) => setTimeout(r, 50));
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log(met ? 'goals met: start under 5 s, memory under 250 MB' : 'GOAL MISSED: a start or the memory');
endWithGoal(met);
