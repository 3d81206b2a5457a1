/**
 * Food-safety report time: a store of `cases` refrigerated cases (CC-410 evaporators, air temperature and defrost
 * state recorded every `interval` seconds) over `days` days, as JSON and as PDF. Goals: JSON under 2 s and PDF under
 * 5 s for 20 cases over 31 days.
 *
 *   node --import tsx bench/food-safety-report.ts [--cases 20] [--days 31] [--interval 60] [--runs 5]
 *   node --import tsx bench/food-safety-report.ts --cases 2 --days 2 --runs 1      (a smoke run of seconds)
 *
 * The history is imported packed (history.importRuns, as the demo backfill does) into the embedded PostgreSQL.
 * Timed: GET /api/v2/reports/food-safety through the real app in this process (app.inject: authentication,
 * validation, the history read, the figures, serialisation or rendering), after one warm-up of each format.
 */
import { inArray } from 'drizzle-orm';
import { businessGroups, devices } from '../server/src/db/schema';
import { startBenchApp } from './support/benchApp';
import { benchHexacode, openBenchDatabase, seedBench } from './support/history';
import { endWithGoal } from './support/goal';
import { readNumberArgs } from './support/numberArgs';
import { percentile, round } from './support/stats';

const args = readNumberArgs({ cases: 20, days: 31, interval: 60, runs: 5 });
const CASES = args.cases;
const DAYS = args.days;
const INTERVAL_S = args.interval;
const DAY = 86_400_000;
const GOALS_MS = { json: 2000, pdf: 5000 };

const to = Math.floor(Date.now() / DAY) * DAY;
const from = to - DAYS * DAY;
const { handle, dispose } = await openBenchDatabase('embedded');
// Two evaporators a CC-410: a store of CASES cases has CASES / 2 devices (one evaporator each when CASES is 1).
const deviceCount = Math.ceil(CASES / 2);
const perDevice = CASES > 1 ? 2 : 1;
const { tenantId, bufferIds } = await seedBench(handle, {
  devices: deviceCount,
  lines: [
    [0, 1, 1],
    [0, 1, 5],
    ...(perDevice > 1
      ? ([
          [1, 1, 1],
          [1, 1, 5],
        ] as const)
      : []),
  ],
  pcNumbers: 1,
  intervalSeconds: INTERVAL_S,
  startAt: new Date(from),
});
const [group] = await handle.db
  .insert(businessGroups)
  .values({ tenantId, hexacode: 'BE5700', name: 'Bench store' })
  .returning({ id: businessGroups.id });
const hexacodes = Array.from({ length: deviceCount }, (_, i) => benchHexacode(i));
await handle.db
  .update(devices)
  .set({ businessGroupId: group!.id })
  .where(inArray(devices.hexacode, hexacodes));
const bench = await startBenchApp(handle, tenantId);

// A case around 3 °C with a daily swing, a 30-minute defrost every 6 hours warming it to 9 °C, and once a day
// an hour too warm: every day has excursions and defrosts to count.
const samples = (DAY / 1000 / INTERVAL_S) * DAYS;
const phase = (i: number) => ((i * INTERVAL_S) % 21_600) / 60;
const air = Array.from({ length: samples }, (_, i) => {
  const minuteOfDay = ((i * INTERVAL_S) % 86_400) / 60;
  if (phase(i) < 30) return 9;
  if (minuteOfDay >= 600 && minuteOfDay < 660) return 6.5;
  return Math.round(30 + 10 * Math.sin((2 * Math.PI * i * INTERVAL_S) / 86_400)) / 10;
});
const defrost = Array.from({ length: samples }, (_, i) => (phase(i) < 30 ? 1 : 0));
const imported = Date.now();
// Buffers come in seedBench's order: per device, per line of `lines` (air, defrost, air, defrost).
await bench.app.history.importRuns(
  bufferIds.map((bufferId, k) => ({
    bufferId,
    firstSampleAt: new Date(from),
    intervalSeconds: INTERVAL_S,
    values: k % 2 === 0 ? air : defrost,
  })),
);
const cases = deviceCount * perDevice;
console.log(`imported ${bufferIds.length} buffers × ${samples} samples in ${Date.now() - imported} ms`);

const report = (format: 'json' | 'pdf') =>
  bench.call({
    method: 'GET',
    url:
      `/api/v2/reports/food-safety?businessGroup=BE5700&format=${format}` +
      `&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`,
  });

const rows = [
  '| format | cases | days | interval s | bytes | p50 ms | max ms | goal ms |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];
let met = true;
for (const format of ['json', 'pdf'] as const) {
  await report(format);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < args.runs; i++) {
    const t0 = performance.now();
    const response = await report(format);
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`report: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
    if (format === 'json') {
      const { departments } = response.json() as { departments: { excursions: unknown[] }[] };
      if (departments.length !== cases)
        throw new Error(`report has ${departments.length} cases, not ${cases}`);
    }
  }
  met &&= percentile(times, 50) < GOALS_MS[format];
  rows.push(
    `| ${format} | ${cases} | ${DAYS} | ${INTERVAL_S} | ${bytes} | ${round(percentile(times, 50), 1)} | ` +
      `${round(Math.max(...times), 1)} | ${GOALS_MS[format]} |`,
  );
}
console.log(rows.join('\n'));
console.log(met ? 'goal met: p50 under the goal in both formats' : 'GOAL MISSED: a p50 at or over its goal');
await bench.close();
await dispose();
endWithGoal(met);
