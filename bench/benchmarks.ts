/**
 * Every benchmark the runner (bench/run.ts) knows, in the order `npm run bench` runs them. A new bench/<name>.ts
 * is added here with its smoke size: the smoke run fails on a bench file that is missing from this list.
 *
 * `smoke`: arguments (and environment) for a tiny run, a few devices for a second or two, that shows the script
 * still runs end to end and prints its figures; its goals are not judged at that size.
 */
export interface Benchmark {
  /** What `npm run bench <name>` calls it. */
  name: string;
  /** The script, bench/<file>.ts (several entries may run one script differently). */
  file: string;
  /** The script serves the built SPA (dist/): the runner builds it first when it is stale. */
  needsBuild?: boolean;
  /** Arguments and environment of the full run (none: the script's own defaults). */
  args?: string[];
  env?: Record<string, string>;
  smoke: { args?: string[]; env?: Record<string, string> };
}

export const BENCHMARKS: Benchmark[] = [
  { name: 'gateway', file: 'gateway', smoke: { args: ['--devices', '5', '--seconds', '1'] } },
  {
    name: 'realtime',
    file: 'realtime',
    smoke: { args: ['--devices', '3', '--seconds', '1', '--rates', '200', '--broker-messages', '2000'] },
  },
  { name: 'bundle', file: 'bundle', needsBuild: true, smoke: {} },
  { name: 'dashboard', file: 'dashboard', needsBuild: true, smoke: { args: ['--runs', '1'] } },
  {
    name: 'history-dashboard',
    file: 'history-dashboard',
    needsBuild: true,
    smoke: { args: ['--runs', '1'] },
  },
  {
    name: 'history-record',
    file: 'history-record',
    smoke: {
      args: [
        '--backends',
        'embedded',
        '--devices',
        '3',
        '--seconds',
        '2',
        '--warmup',
        '1',
        '--compact-every',
        '1',
      ],
    },
  },
  {
    name: 'history-storage',
    file: 'history-storage',
    smoke: { args: ['--backends', 'embedded', '--buffers', '1', '--days', '2'] },
  },
  {
    name: 'history-query',
    file: 'history-query',
    smoke: { args: ['--backends', 'embedded', '--runs', '2'] },
  },
  {
    name: 'alarm-latency',
    file: 'alarm-latency',
    needsBuild: true,
    smoke: { args: ['--devices', '2', '--codes', '1', '--rate', '10', '--seconds', '1'] },
  },
  {
    name: 'alarm-stream',
    file: 'alarm-stream',
    smoke: {
      args: [
        '--clients',
        '5',
        '--sessions',
        '1',
        '--devices',
        '2',
        '--codes',
        '1',
        '--rate',
        '10',
        '--seconds',
        '1',
      ],
    },
  },
  {
    name: 'alarm-mail',
    file: 'alarm-mail',
    smoke: { args: ['--devices', '1', '--codes', '1', '--rate', '2', '--seconds', '1'] },
  },
  {
    name: 'lighthouse',
    file: 'lighthouse',
    needsBuild: true,
    smoke: { env: { LIGHTHOUSE_RUNS: '1', LIGHTHOUSE_PROFILES: 'mobile' } },
  },
  {
    name: 'api-throughput',
    file: 'api-throughput',
    smoke: { env: { BENCH_SECONDS: '1', BENCH_CONNECTIONS: '5' } },
  },
  {
    name: 'api-throughput-postgres',
    file: 'api-throughput',
    env: { BENCH_DATABASE: 'postgres' },
    smoke: { env: { BENCH_DATABASE: 'postgres', BENCH_SECONDS: '1', BENCH_CONNECTIONS: '5' } },
  },
  {
    name: 'load',
    file: 'load',
    smoke: {
      args: [
        '--devices',
        '20',
        '--sockets',
        '4',
        '--sessions',
        '2',
        '--period',
        '1000',
        '--warmup',
        '1',
        '--seconds',
        '2',
      ],
    },
  },
  {
    name: 'footprint',
    file: 'footprint',
    needsBuild: true,
    smoke: { args: ['--runs', '1', '--idle-seconds', '1'] },
  },
  {
    name: 'food-safety-report',
    file: 'food-safety-report',
    smoke: { args: ['--cases', '2', '--days', '2', '--runs', '1'] },
  },
  { name: 'audit-trail', file: 'audit-trail', smoke: { args: ['--entries', '1000', '--runs', '1'] } },
  {
    name: 'alarm-history',
    file: 'alarm-history',
    smoke: { args: ['--occurrences', '1000', '--runs', '1'] },
  },
];
