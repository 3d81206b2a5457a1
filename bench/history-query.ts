/**
 * History query time: one series of a buffer sampled every minute for a year, queried over the last 1, 7, 30 and
 * 365 days, on the embedded PostgreSQL and on the machine's.
 *
 *   node --import tsx bench/history-query.ts [--backends embedded,postgres] [--runs 200] [--max-points 1000,2000]
 *
 * The year is imported packed (history.importRuns, as the demo backfill does) and its last ten minutes staged (as
 * recorded, not yet compacted), so every query also reads the tail. Timed: POST /api/v2/history/query through the
 * real app in this process (app.inject: authentication, validation, the query, serialisation), the server's time
 * without a network; after 20 warm-up queries, `runs` queries per range one after the other.
 */
import { parseArgs } from 'node:util';
import { historyStore } from '../server/src/modules/history/store';
import { startBenchApp } from './support/benchApp';
import { type Backend, benchHexacode, openBenchDatabase, seedBench } from './support/history';
import { percentile, round } from './support/stats';

const { values: args } = parseArgs({
  options: {
    backends: { type: 'string', default: 'embedded,postgres' },
    runs: { type: 'string', default: '200' },
    'max-points': { type: 'string', default: '1000,2000' },
  },
});
const DAY = 86_400_000;
const MINUTE = 60_000;
const RANGES = [1, 7, 30, 365];
const now = Math.floor(Date.now() / MINUTE) * MINUTE;
const start = now - 366 * DAY;

async function bench(backend: Backend) {
  const { handle, dispose } = await openBenchDatabase(backend);
  const { tenantId, bufferIds } = await seedBench(handle, {
    devices: 1,
    lines: [[0, 1, 1]],
    pcNumbers: 1,
    intervalSeconds: 60,
    startAt: new Date(start),
  });
  const server = await startBenchApp(handle, tenantId);

  // A temperature around 4 °C in tenths, with a daily swing and noise: what a case controller reports.
  const valueAt = (at: number) =>
    Math.round(40 + 15 * Math.sin((2 * Math.PI * at) / DAY) + 5 * Math.sin(at / 7_000_000)) / 10;
  const staged = 10;
  const total = (now - start) / MINUTE - staged;
  const imported = Date.now();
  for (let first = 0; first < total; first += 30 * 1440) {
    const length = Math.min(30 * 1440, total - first);
    const values = Array.from({ length }, (_, i) => valueAt(start + (first + i) * MINUTE));
    await server.app.history.importRuns([
      {
        bufferId: bufferIds[0]!,
        firstSampleAt: new Date(start + first * MINUTE),
        intervalSeconds: 60,
        values,
      },
    ]);
  }
  const tail = Array.from({ length: staged }, (_, i) => now - (staged - i) * MINUTE);
  await historyStore(handle.db).stage({
    bufferIds: tail.map(() => bufferIds[0]!),
    intervalsS: tail.map(() => 60),
    ats: tail,
    values: tail.map(valueAt),
  });
  console.log(`${backend}: imported ${total} samples in ${Date.now() - imported} ms`);

  const series = [
    { id: 's', hexacode: benchHexacode(0), department: 1, subDepartment: 0, page: 1, line: 1, pcNumber: 1 },
  ];
  const query = (days: number, maxPoints: number) =>
    server.call({
      method: 'POST',
      url: '/api/v2/history/query',
      payload: {
        series,
        from: new Date(now - days * DAY).toISOString(),
        to: new Date(now).toISOString(),
        maxPoints,
      },
    });

  const rows: string[] = [];
  for (const maxPoints of args['max-points'].split(',').map(Number)) {
    for (const days of RANGES) {
      for (let i = 0; i < 20; i++) await query(days, maxPoints);
      const times: number[] = [];
      let answer = '';
      for (let i = 0; i < Number(args.runs); i++) {
        const t0 = performance.now();
        const response = await query(days, maxPoints);
        times.push(performance.now() - t0);
        if (response.statusCode !== 200) throw new Error(`query: ${response.statusCode} ${response.body}`);
        answer = response.body;
      }
      const result = JSON.parse(answer) as { resolutionMs: number; series: { points: { t: number[] } }[] };
      const width =
        result.resolutionMs >= 3_600_000
          ? `${result.resolutionMs / 3_600_000} h`
          : `${result.resolutionMs / MINUTE} min`;
      rows.push(
        `| ${backend} | ${maxPoints} | ${days} | ${width} | ${result.series[0]!.points.t.length} | ` +
          `${round(percentile(times, 50), 2)} | ${round(percentile(times, 99), 2)} |`,
      );
    }
  }
  await server.close();
  await dispose();
  return rows;
}

const lines = [
  '| back-end | maxPoints | days | bucket | points | p50 ms | p99 ms |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
for (const backend of args.backends.split(',') as Backend[]) lines.push(...(await bench(backend)));
console.log(lines.join('\n'));
