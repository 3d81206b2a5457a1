import type { LoadSocket } from './loadSockets';
import { cpuSeconds, cpuSecondsOfProcessesNamed, machineCpuSeconds, rssMiB } from './procStats';
import { percentile, round } from './stats';

/** What bench/load.ts prints: deliveries per instance, and who used the machine's CPU meanwhile. */

export interface CpuReading {
  at: number;
  instances: number[];
  bench: number;
  mosquitto: number;
  postgres: number;
  machine: { busy: number; total: number };
}

export async function readCpu(pids: number[]): Promise<CpuReading> {
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    instances: await Promise.all(pids.map(cpuSeconds)),
    bench: (usage.user + usage.system) / 1e6,
    mosquitto: await cpuSecondsOfProcessesNamed('mosquitto'),
    postgres: await cpuSecondsOfProcessesNamed('postgres'),
    machine: await machineCpuSeconds(),
  };
}

export interface LoadResults {
  devices: number;
  sockets: LoadSocket[];
  sessions: number;
  periodMs: number;
  seconds: number;
  /** Steps of the setup and their seconds. */
  setup: [string, number][];
  /** Send times measured, ms since the bench's epoch. */
  window: { from: number; to: number };
  /** Deliveries owed to the sockets of each instance for the publishes of the window. */
  expected: number[];
  cpu: [CpuReading, CpuReading];
  instances: { pid: number; socketsOpen: number }[];
  benchLoopLagP99Ms: number;
}

const NAMES = ['A', 'B'];

export async function reportLoad(r: LoadResults): Promise<void> {
  const [before, after] = r.cpu;
  const elapsed = (after.at - before.at) / 1000;
  const percentOfCore = (from: number, to: number) => `${round(((to - from) / elapsed) * 100)} %`;
  const latencies = NAMES.map((_, i) =>
    r.sockets
      .filter((_, s) => s % 2 === i)
      .flatMap((socket) =>
        socket.latency.filter((_, k) => socket.sent[k]! >= r.window.from && socket.sent[k]! < r.window.to),
      ),
  );

  console.log(
    `\nLoad: ${r.devices} devices, one update each per ${r.periodMs / 1000} s (${round((r.devices * 1000) / r.periodMs, 0)} ` +
      `updates/s), ${r.sockets.length} sockets (${r.sessions} sessions) on two instances; ${r.seconds} s measured ` +
      `(setup: ${r.setup.map(([step, s]) => `${step} ${round(s)} s`).join(', ')})\n`,
  );
  console.log('| sockets on | open | delivered / expected | p50 ms | p95 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const row = (name: string, open: number | string, samples: number[], expected: number) =>
    console.log(
      `| ${name} | ${open} | ${samples.length} / ${expected} (${round((samples.length / expected) * 100, 2)} %) | ` +
        `${round(percentile(samples, 50))} | ${round(percentile(samples, 95))} | ${round(percentile(samples, 99))} | ` +
        `${round(percentile(samples, 100))} |`,
    );
  NAMES.forEach((name, i) =>
    row(`instance ${name}`, r.instances[i]!.socketsOpen, latencies[i]!, r.expected[i]!),
  );
  row(
    'both',
    r.instances.reduce((n, i) => n + i.socketsOpen, 0),
    latencies.flat(),
    r.expected.reduce((a, b) => a + b, 0),
  );

  // The tail over time: a spike in one slice is a pause somewhere, a steady rise is a queue that grows.
  const slices: number[][] = [];
  for (const socket of r.sockets)
    socket.sent.forEach((sent, k) => {
      if (sent < r.window.from || sent >= r.window.to) return;
      (slices[Math.floor((sent - r.window.from) / 5000)] ??= []).push(socket.latency[k]!);
    });
  console.log(
    `\np99 ms by 5 s of the window: ${slices.map((slice) => round(percentile(slice, 99), 0)).join(', ')}`,
  );
  console.log('\n| process | CPU (% of one core) | RSS MiB |');
  console.log('| --- | ---: | ---: |');
  for (const [i, name] of NAMES.entries())
    console.log(
      `| instance ${name} | ${percentOfCore(before.instances[i]!, after.instances[i]!)} | ` +
        `${round(await rssMiB(r.instances[i]!.pid), 0)} |`,
    );
  console.log(
    `| bench (devices and browsers) | ${percentOfCore(before.bench, after.bench)} | ` +
      `${round(process.memoryUsage().rss / 2 ** 20, 0)} |`,
  );
  console.log(`| Mosquitto | ${percentOfCore(before.mosquitto, after.mosquitto)} | |`);
  console.log(`| PostgreSQL (all its processes) | ${percentOfCore(before.postgres, after.postgres)} | |`);
  const cores = (after.machine.total - before.machine.total) / elapsed;
  console.log(
    `| whole machine (${round(cores, 0)} cores) | ${percentOfCore(before.machine.busy, after.machine.busy)} | |`,
  );
  console.log(`\nbench event-loop delay p99: ${round(r.benchLoopLagP99Ms)} ms`);
}
