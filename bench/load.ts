/**
 * Load (issue 14): thousands of devices and browser sockets on two instances, as in production: delivery latency
 * of live values from device to browser, lost deliveries, and each instance's CPU and memory.
 *
 *   flock /tmp/bench.lock node --import tsx bench/load.ts [--devices 5000] [--sockets 1000] [--seconds 60]
 *
 * Two real server processes on a fresh PostgreSQL database (127.0.0.1:5432) and the machine's Mosquitto
 * (127.0.0.1:1883), as support/loadCluster.ts sets them up; skipped where either is absent. This process plays
 * every device (one MQTT connection each, docs/device-protocol.md, one values message per `period` ms, spread
 * evenly) and every browser (one WebSocket each, signed in through the API, half on each instance, each watching
 * both departments of its share of devices, so every update reaches one socket on each instance). Each value
 * carries its send time; a delivery's latency is its arrival minus that. Figures are taken over `seconds` after
 * `warmup` seconds of the same load. Everything shares this machine's cores: this process, Mosquitto,
 * PostgreSQL and whatever else runs are reported next to the instances.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eventually } from '../server/src/testing/wait';
import { signInAsAdmin } from './support/alarmFleet';
import { BENCH_DEPARTMENTS } from './support/benchDevice';
import { BROKER, startLoadCluster } from './support/loadCluster';
import { LoadFleet } from './support/loadFleet';
import { LoadSocket, watchedDevices } from './support/loadSockets';
import { reachable } from '../server/src/testing/net';
import { type CpuReading, readCpu, reportLoad } from './support/loadReport';
import { openFilesLimit } from './support/procStats';
import { readNumberArgs } from './support/numberArgs';
import { now } from './support/stats';

const {
  devices: deviceCount,
  sockets: socketCount,
  sessions,
  period: periodMs,
  warmup,
  seconds,
} = readNumberArgs({ devices: 5000, sockets: 1000, sessions: 100, period: 2000, warmup: 15, seconds: 60 });
const sessionCount = Math.max(1, Math.min(sessions, socketCount));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!(await reachable(5432)) || !(await reachable(1883))) {
  console.log('PostgreSQL (127.0.0.1:5432) or Mosquitto (127.0.0.1:1883) is not there: skipped');
  process.exit(0);
}
// Node cannot raise its own limit: say how, rather than fail midway with EMFILE.
const needed = deviceCount + socketCount + 200;
if ((await openFilesLimit()) < needed) {
  console.error(`${needed} open files needed: raise the limit (ulimit -n ${needed}) and run again`);
  process.exit(1);
}

const prefix = `coldwatch-load-bench-${process.pid}`;
const cluster = await startLoadCluster(deviceCount, prefix);
const fleet = new LoadFleet(BROKER, prefix);
const sockets: LoadSocket[] = [];
try {
  const [a, b] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
  // How long each step of the setup took, in seconds: where a bigger fleet would wait.
  const setup: [string, number][] = [];
  let lapStarted = performance.now();
  const lap = (step: string) => {
    setup.push([step, (performance.now() - lapStarted) / 1000]);
    lapStarted = performance.now();
  };
  await fleet.connect(deviceCount);
  lap('devices connected');
  // Every instance must have heard every device come online before its sockets can see them.
  for (const instance of [a, b])
    await eventually(
      async () =>
        (await cluster.metric(instance, 'coldwatch_devices_online')) >= deviceCount || (await pause(250)),
      { what: 'all devices online on each instance', timeoutMs: 120_000 },
    );
  lap('all online on both instances');
  const epoch = now();
  // Sockets watching each device on instance A and B, and the deliveries owed to each instance's sockets.
  const watchers = Array.from({ length: deviceCount }, () => [0, 0]);
  let window = { from: Infinity, to: Infinity };
  const expected = [0, 0];
  fleet.start(periodMs, epoch, (device, _department, sentAt) => {
    if (sentAt < window.from || sentAt >= window.to) return;
    for (const i of [0, 1]) expected[i]! += watchers[device]![i]!;
  });

  const tokens: string[] = [];
  for (let i = 0; i < sessionCount; i++) tokens.push(await signInAsAdmin([a, b][i % 2]!.port));
  lap('signed in');
  for (let s = 0; s < socketCount; s += 50) {
    const batch = Array.from({ length: Math.min(50, socketCount - s) }, (_, j) => s + j);
    await Promise.all(
      batch.map(async (index) => {
        const socket = new LoadSocket(epoch);
        const mine = watchedDevices(index, socketCount, deviceCount);
        for (const device of mine) watchers[device]![index % 2]! += 1;
        const topics = mine.flatMap((device) =>
          BENCH_DEPARTMENTS.map(([department, subDepartment]) => ({
            kind: 'page' as const,
            hexacode: fleet.devices[device]!.hexacode,
            department,
            subDepartment,
            page: 1,
          })),
        );
        await socket.open([a, b][index % 2]!.port, tokens[index % sessionCount]!, topics);
        sockets[index] = socket;
      }),
    );
  }
  lap('sockets open and subscribed');

  await pause(warmup * 1000);
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const pids = [a.pid, b.pid];
  const before: CpuReading = await readCpu(pids);
  window = { from: now() - epoch, to: Infinity };
  await pause(seconds * 1000);
  window = { ...window, to: now() - epoch };
  const after: CpuReading = await readCpu(pids);
  lag.disable();
  // Deliveries of the last publishes are still on their way: wait for them under the same load.
  await pause(5000);
  fleet.stop();

  await reportLoad({
    devices: deviceCount,
    sockets,
    sessions: sessionCount,
    periodMs,
    seconds,
    setup,
    window,
    expected,
    cpu: [before, after],
    instances: await Promise.all(
      [a, b].map(async (instance) => ({
        pid: instance.pid,
        socketsOpen: await cluster.metric(instance, 'coldwatch_sockets_open'),
      })),
    ),
    benchLoopLagP99Ms: lag.percentile(99) / 1e6,
  });
} finally {
  for (const socket of sockets) socket?.close();
  await cluster.close();
  await fleet.close();
}
