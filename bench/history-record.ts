/**
 * Recorded samples a second, sustained, into the embedded PostgreSQL and the machine's, and the CPU it takes.
 *
 *   node --import tsx bench/history-record.ts [--backends embedded,postgres] [--devices 100]
 *     [--pc-numbers 5] [--interval 1] [--period-ms 500] [--seconds 120] [--warmup 10] [--compact-every 60]
 *
 * This process is the server's recording path as it runs: the embedded broker, the gateway and the history
 * recorder (shared subscription, ADF translation, staging inserts), with compaction packing what was staged every
 * `compact-every` seconds (production: every 10 minutes; `--seconds 660 --compact-every 600` runs it so). The
 * devices publish from a child process: CC-410 controllers, both departments' 27 lines every period; every line
 * of every department has a buffer per PC number (devices × 2 × 27 × pc-numbers buffers at `interval` seconds).
 * Counted after the warm-up: samples recorded and committed per second, the most waiting for their insert, and
 * the CPU of this process (and of the PostgreSQL server's processes) over the wall time, in % of one core.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { systemClock } from '../server/src/clock';
import { loadAdfs } from '../server/src/gateway/adf/loader';
import { startBroker } from '../server/src/gateway/broker';
import { MemoryDeviceCredentials } from '../server/src/gateway/credentials';
import { MemoryDeviceDirectory } from '../server/src/gateway/directory';
import { Gateway } from '../server/src/gateway/gateway';
import { silentLogger } from '../server/src/gateway/logger';
import type { GatewayAccess } from '../server/src/modules/devices/gateway-access';
import { compact } from '../server/src/modules/history/jobs';
import { HistoryRecorder } from '../server/src/modules/history/recorder';
import { createHistoryRepository } from '../server/src/modules/history/repository';
import { historyStore } from '../server/src/modules/history/store';
import { eventually } from '../server/src/testing/wait';
import {
  type Backend,
  benchCredential,
  benchHexacode,
  historyFootprint,
  openBenchDatabase,
  postgresCpuSeconds,
  seedBench,
} from './support/history';
import { round } from './support/stats';

const { values: args } = parseArgs({
  options: {
    backends: { type: 'string', default: 'embedded,postgres' },
    devices: { type: 'string' },
    'pc-numbers': { type: 'string', default: '5' },
    interval: { type: 'string', default: '1' },
    'period-ms': { type: 'string', default: '500' },
    seconds: { type: 'string', default: '120' },
    warmup: { type: 'string', default: '10' },
    'compact-every': { type: 'string', default: '60' },
  },
});
/** 27,000 buffers at one sample a second: the goal, with a little to spare. */
const devicesOf = (_backend: Backend) => Number(args.devices ?? 100);
/** Production leaves a minute staged; the bench packs all but the last five seconds, inside its window. */
const COMPACTION_GRACE_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function bench(backend: Backend): Promise<string> {
  const devices = devicesOf(backend);
  const adfs = await loadAdfs();
  const kind = adfs.get('CC-410')!.kinds.get('evaporator')!;
  const lines = [0, 1].flatMap((sub) =>
    [...kind.lines.keys()].map((k) => [sub, ...k.split('.').map(Number)] as const),
  );
  const { handle, dispose } = await openBenchDatabase(backend);
  const { bufferIds } = await seedBench(handle, {
    devices,
    lines: lines as unknown as [number, number, number][],
    pcNumbers: Number(args['pc-numbers']),
    intervalSeconds: Number(args.interval),
    startAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  });
  const credentials = new MemoryDeviceCredentials();
  const directory = new MemoryDeviceDirectory();
  for (let i = 0; i < devices; i++) {
    credentials.set('bench', benchHexacode(i), benchCredential(benchHexacode(i)));
    directory.set({ tenant: 'bench', hexacode: benchHexacode(i), name: 'Bench', model: 'CC-410' });
  }
  const server = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };
  const broker = await startBroker({ port: 0, host: '127.0.0.1', credentials, server });
  const gateway = new Gateway({ url: broker.url, ...server, adfs, directory });
  await gateway.start();
  const access = { gateway, adfs, started: true } as unknown as GatewayAccess & { started: boolean };
  const recorder = new HistoryRecorder({
    repository: createHistoryRepository(handle.db),
    stage: historyStore(handle.db).stage,
    access,
    clock: systemClock,
    log: silentLogger,
  });
  recorder.start();
  await eventually(() => recorder.connected, { what: 'recorder subscribed' });

  const publishers = fork(new URL('./support/history-publishers.ts', import.meta.url).pathname, [
    broker.url,
    String(devices),
    args['period-ms'],
  ]);
  await new Promise((resolve) => publishers.once('message', resolve));
  await sleep(Number(args.warmup) * 1000);

  const before = {
    at: performance.now(),
    cpu: cpuSeconds(),
    pg: await postgresCpuSeconds(),
    ...recorder.metrics(),
  };
  let maxPending = 0;
  const compactions: { ms: number; moved: number }[] = [];
  const end = before.at + Number(args.seconds) * 1000;
  let nextCompaction = before.at + Number(args['compact-every']) * 1000;
  while (performance.now() < end) {
    await sleep(100);
    maxPending = Math.max(maxPending, recorder.metrics().pending);
    if (performance.now() >= nextCompaction) {
      const t0 = performance.now();
      const moved = await compact(handle.db, Date.now(), COMPACTION_GRACE_MS);
      compactions.push({ ms: performance.now() - t0, moved });
      nextCompaction += Number(args['compact-every']) * 1000;
    }
  }
  await recorder.flush();
  const after = {
    at: performance.now(),
    cpu: cpuSeconds(),
    pg: await postgresCpuSeconds(),
    ...recorder.metrics(),
  };
  publishers.send('stop');
  await new Promise((resolve) => publishers.once('exit', resolve));
  await recorder.stop();
  await gateway.stop();
  await broker.close();
  const stored = await historyFootprint(handle);
  await dispose();

  const wall = (after.at - before.at) / 1000;
  const rate = (n: number) => Math.round(n / wall);
  const moved = compactions.reduce((a, c) => a + c.moved, 0);
  const packMs = compactions.reduce((a, c) => a + c.ms, 0);
  return [
    backend,
    bufferIds.length,
    `${args.interval} s`,
    rate(after.recorded - before.recorded),
    rate(after.written - before.written),
    maxPending,
    `${round((100 * (after.cpu - before.cpu)) / wall)} %`,
    `${round((100 * (after.pg - before.pg)) / wall)} %`,
    `${compactions.length} × ${round(packMs / Math.max(1, compactions.length) / 1000, 2)} s (${Math.round(moved / Math.max(packMs / 1000, 0.001))}/s)`,
    stored.samples,
  ].join(' | ');
}

const rows = [];
for (const backend of args.backends.split(',') as Backend[]) rows.push(await bench(backend));
console.log(
  '| back-end | buffers | interval | recorded/s | committed/s | most waiting | server CPU | PostgreSQL CPU | compactions (samples packed/s) | samples stored |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row} |`);
