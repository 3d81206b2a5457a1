/**
 * The alarm stream with many open connections on one instance: memory per connection and delivery latency.
 *
 *   node --import tsx bench/alarm-stream.ts [--clients 1000] [--sessions 10] [--devices 50] [--rate 20] [--seconds 20]
 *
 * Starts the real server (embedded PostgreSQL and broker, demo seed without the simulated fleet) in its own process,
 * registers bench CC-410s through the admin API and connects them over MQTT. `clients` plain HTTP clients open
 * GET /api/v2/alarms/stream (Server-Sent Events, each on its own TCP connection) as admin, sharing `sessions`
 * sign-ins (each sign-in is an scrypt hash; a browser has one session however many tabs it opens). The server's
 * resident memory (VmRSS of its process) is read before and after opening them. Then the devices raise and clear
 * alarms at `rate` alarms/s across the fleet; each client's receipt of its device's entry is matched to the
 * alarm (by the device's number of active alarms). Exits 1 when a connection fails, fewer than 99 % of the events
 * arrive, or delivery p99 is 100 ms or more (the bell's budget, which every connection is a browser of).
 */
import { readdir, readFile } from 'node:fs/promises';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { BENCH_DEPARTMENTS } from './support/benchDevice';
import {
  type AlarmBenchDevice,
  connectAlarmFleet,
  runAlarmCycles,
  signInAsAdmin,
} from './support/alarmFleet';
import { AlarmStreamClient, deliveryLatencies } from './support/alarmStream';
import { rssMiB } from './support/procStats';
import { percentile, round } from './support/stats';
import { endWithGoal } from './support/goal';
import { readNumberArgs } from './support/numberArgs';

const GOAL_P99_MS = 100;

const sizes = readNumberArgs({ clients: 1000, sessions: 10, devices: 50, codes: 2, rate: 20, seconds: 20 });
const { clients: clientCount, devices: deviceCount, codes, rate, seconds } = sizes;
const sessionCount = Math.max(1, Math.min(sizes.sessions, clientCount));

/** The server's process: the child of this one running server/build/main.mjs (startServer does not say its pid). */
async function serverPid(): Promise<number> {
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if ((await readFile(`/proc/${name}/cmdline`, 'utf8')).includes('server/build/main.mjs'))
        return Number(name);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error('server process not found');
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * RSS once it holds still (three readings a second apart within 2 MiB, at most 30 s): the demo's history backfill
 * and its garbage must be over before a difference means anything.
 */
async function settledRssMiB(pid: number): Promise<number> {
  const readings: number[] = [];
  const deadline = Date.now() + 30_000;
  for (;;) {
    readings.push(await rssMiB(pid));
    const last = readings.slice(-3);
    if (last.length === 3 && Math.max(...last) - Math.min(...last) < 2) return last[2]!;
    if (Date.now() > deadline) return readings.at(-1)!;
    await pause(1000);
  }
}

// Every client is this machine, with a hundred streams a session: the limits one client has (docs/deployment.md) are
// lifted, since this measures what many browsers cost.
const server = await startServer(
  {
    SIMULATOR: 'false',
    LOG_LEVEL: 'error',
    MAX_CONNECTIONS_PER_ADDRESS: '100000',
    MAX_SOCKETS_PER_SESSION: '100000',
  },
  seededDatabase(),
);
let devices: AlarmBenchDevice[] = [];
const clients: AlarmStreamClient[] = [];
let failed = false;
try {
  const pid = await serverPid();
  const tokens: string[] = [];
  for (let i = 0; i < sessionCount; i++) tokens.push(await signInAsAdmin(server.port));
  devices = await connectAlarmFleet(server, tokens[0]!, deviceCount);

  // One whole raise-and-clear cycle with a single stream open, to warm up every path before memory is read.
  const slots = deviceCount * BENCH_DEPARTMENTS.length * codes;
  const warmClient = new AlarmStreamClient();
  await warmClient.open(server.port, tokens[0]!);
  await runAlarmCycles(devices, { rate: 100, seconds: Infinity, codes, steps: 2 * slots });
  await pause(1000);
  warmClient.close();
  const before = await settledRssMiB(pid);
  const opening = performance.now();
  for (let i = 0; i < clientCount; i += 50) {
    const batch = Array.from({ length: Math.min(50, clientCount - i) }, () => new AlarmStreamClient());
    await Promise.all(batch.map((c, j) => c.open(server.port, tokens[(i + j) % sessionCount]!)));
    clients.push(...batch);
  }
  const openedMs = performance.now() - opening;
  const after = await settledRssMiB(pid);

  const published = await runAlarmCycles(devices, { rate, seconds, codes });
  await pause(2000);
  const afterAlarms = await rssMiB(pid);
  const latencies = clients.flatMap((c) => deliveryLatencies(published, c.receipts));
  const expected = published.length * clients.length;
  const p99 = percentile(latencies, 99);

  console.log(
    `\nAlarm stream: ${clients.length} connections (${sessionCount} sessions) opened in ${round(openedMs / 1000)} s; ` +
      `${deviceCount} devices, ${rate} alarms/s for ${seconds} s\n`,
  );
  console.log('| server RSS before | with the connections | after the alarms | per connection |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| ${round(before)} MiB | ${round(after)} MiB | ${round(afterAlarms)} MiB | ` +
      `${round(((after - before) * 1024) / clients.length)} KiB |`,
  );
  console.log('\n| alarms/s | alarms sent | events delivered / expected | p50 ms | p99 ms | max ms |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  console.log(
    `| ${rate} | ${published.length} | ${latencies.length} / ${expected} | ${round(percentile(latencies, 50))} | ` +
      `${round(p99)} | ${round(percentile(latencies, 100))} |`,
  );
  failed = clients.length < clientCount || latencies.length < 0.99 * expected || !(p99 < GOAL_P99_MS);
  if (failed)
    console.error(
      `\nGoal missed: every event delivered to every connection with p99 under ${GOAL_P99_MS} ms.`,
    );
} finally {
  for (const client of clients) client.close();
  await Promise.allSettled(devices.map((d) => d.close()));
  await server.stop();
}
endWithGoal(!failed);
