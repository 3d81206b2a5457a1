/**
 * Alarm history time: a tenant whose history holds `occurrences` alarm occurrences (on `devices` devices, one a
 * minute, a third acknowledged), read as the alarm history dialog reads it. Goals, for 100,000 occurrences: the
 * newest page, a device's page and a page sorted by the alarm's name under 100 ms; the CSV of the first 10,000
 * (ALARM_HISTORY_CSV_MAX) under 2 s.
 *
 *   node --import tsx bench/alarm-history.ts [--occurrences 100000] [--devices 50] [--runs 5]
 *   node --import tsx bench/alarm-history.ts --occurrences 1000 --runs 1      (a smoke run of seconds)
 *
 * The occurrences are written in batches straight into the embedded PostgreSQL. Timed: GET /api/v2/alarms/history
 * through the real app in this process (app.inject: authentication, validation, the queries, the names in the
 * reader's language, serialisation).
 */
import { ALARM_HISTORY_CSV_MAX } from '#contracts';
import { alarmOccurrences } from '../server/src/db/schema';
import { startBenchApp } from './support/benchApp';
import { endWithGoal } from './support/goal';
import { benchHexacode, openBenchDatabase, seedBench } from './support/history';
import { readNumberArgs } from './support/numberArgs';
import { percentile, round } from './support/stats';

const args = readNumberArgs({ occurrences: 100_000, devices: 50, runs: 5 });
const BATCH = 1_000;
const CODES = ['HIGH_TEMPERATURE', 'LOW_TEMPERATURE', 'DOOR_OPEN', 'SENSOR_FAULT', 'LONG_DEFROST'];
const GOALS_MS = { newest: 100, device: 100, byName: 100, csv: 2000 };

const { handle, dispose } = await openBenchDatabase('embedded');
const { tenantId } = await seedBench(handle, {
  devices: args.devices,
  lines: [[0, 1, 1]],
  pcNumbers: 1,
  intervalSeconds: 60,
  startAt: new Date(Date.now() - args.occurrences * 60_000),
});

const written = Date.now();
const start = Date.now() - args.occurrences * 60_000;
for (let first = 0; first < args.occurrences; first += BATCH) {
  const batch = [];
  for (let n = first; n < Math.min(first + BATCH, args.occurrences); n++) {
    const raisedAt = new Date(start + n * 60_000);
    const acknowledged = n % 3 === 0;
    batch.push({
      tenantId,
      hexacode: benchHexacode(n % args.devices),
      deviceName: `Bench case ${n % args.devices}`,
      businessGroupName: 'Bench store',
      department: 1,
      subDepartment: n % 2,
      code: CODES[n % CODES.length]!,
      raisedAt,
      clearedAt: new Date(raisedAt.getTime() + 30_000),
      acknowledgedBy: acknowledged ? 'operator' : null,
      acknowledgedAt: acknowledged ? new Date(raisedAt.getTime() + 10_000) : null,
      ackComment: acknowledged ? 'Door closed, checked the probe' : null,
    });
  }
  await handle.db.insert(alarmOccurrences).values(batch);
}
console.log(`wrote ${args.occurrences} occurrences in ${Date.now() - written} ms`);
const bench = await startBenchApp(handle, tenantId);

const calls = {
  newest: '/api/v2/alarms/history?pageLength=100',
  device: `/api/v2/alarms/history?pageLength=100&hexacode=${benchHexacode(1)}`,
  byName: '/api/v2/alarms/history?pageLength=100&page=5&sortField=translation&sortDirection=ASC',
  csv: '/api/v2/alarms/history?format=csv',
} as const;

const rows = [
  '| call | occurrences | rows | bytes | p50 ms | max ms | goal ms |',
  '| --- | --- | --- | --- | --- | --- | --- |',
];
let met = true;
for (const [name, url] of Object.entries(calls) as [keyof typeof calls, string][]) {
  await bench.call({ method: 'GET', url });
  const times: number[] = [];
  let bytes = 0;
  let answered = 0;
  for (let i = 0; i < args.runs; i++) {
    const t0 = performance.now();
    const response = await bench.call({ method: 'GET', url });
    times.push(performance.now() - t0);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
    answered =
      name === 'csv'
        ? response.body.trimEnd().split('\r\n').length - 1
        : (response.json() as { data: unknown[] }).data.length;
  }
  if (name === 'csv' && answered !== Math.min(args.occurrences, ALARM_HISTORY_CSV_MAX))
    throw new Error(
      `the CSV should hold ${Math.min(args.occurrences, ALARM_HISTORY_CSV_MAX)} rows: ${answered}`,
    );
  met &&= percentile(times, 50) < GOALS_MS[name];
  rows.push(
    `| ${name} | ${args.occurrences} | ${answered} | ${bytes} | ${round(percentile(times, 50), 1)} | ` +
      `${round(Math.max(...times), 1)} | ${GOALS_MS[name]} |`,
  );
}
console.log(rows.join('\n'));
console.log(met ? 'goal met: every p50 under its goal' : 'GOAL MISSED: a p50 at or over its goal');
await bench.close();
await dispose();
endWithGoal(met);
