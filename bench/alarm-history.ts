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
import { startBenchApp, timeCalls } from './support/benchApp';
import { endWithGoal } from './support/goal';
import { benchHexacode, openMinuteLog } from './support/history';
import { readNumberArgs } from './support/numberArgs';

const args = readNumberArgs({ occurrences: 100_000, devices: 50, runs: 5 });
const BATCH = 1_000;
const CODES = ['HIGH_TEMPERATURE', 'LOW_TEMPERATURE', 'DOOR_OPEN', 'SENSOR_FAULT', 'LONG_DEFROST'];
const GOALS_MS = { newest: 100, device: 100, byName: 100, csv: 2000 };

const { handle, dispose, tenantId, start } = await openMinuteLog(args.devices, args.occurrences);

const written = Date.now();
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

const met = await timeCalls(bench, {
  calls,
  runs: args.runs,
  goalsMs: GOALS_MS,
  columns: ['occurrences', 'rows', 'bytes'],
  cells: (name, last) => {
    const answered =
      name === 'csv'
        ? last.body.trimEnd().split('\r\n').length - 1
        : (last.json() as { data: unknown[] }).data.length;
    const csvRows = Math.min(args.occurrences, ALARM_HISTORY_CSV_MAX);
    if (name === 'csv' && answered !== csvRows)
      throw new Error(`the CSV should hold ${csvRows} rows: ${answered}`);
    return [args.occurrences, answered, last.rawPayload.length];
  },
});
await bench.close();
await dispose();
endWithGoal(met);
