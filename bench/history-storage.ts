/**
 * Bytes per recorded sample at rest: the history tables' total relation size (heap, TOAST and indexes) over the
 * samples they hold.
 *
 *   node --import tsx bench/history-storage.ts [--backends embedded,postgres] [--buffers 10] [--days 365]
 *
 * For each interval (1 and 5 minutes) and kind of line (a temperature in tenths of a degree that wanders, a
 * state such as a door or a fan that changes now and then), a fresh database gets `buffers` buffers with a year
 * of samples: all but the last day imported packed (history.importRuns), the last day recorded as the recorder
 * does, staged and compacted every 10 minutes, then vacuumed as the retention job does. A few gaps (an hour
 * offline a week) are left in.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { compact, importRuns } from '../server/src/modules/history/jobs';
import { historyStore } from '../server/src/modules/history/store';
import { type Backend, historyFootprint, openBenchDatabase, seedBench } from './support/history';
import { round } from './support/stats';

const { values: args } = parseArgs({
  options: {
    backends: { type: 'string', default: 'embedded,postgres' },
    buffers: { type: 'string', default: '10' },
    days: { type: 'string', default: '365' },
  },
});
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const days = Number(args.days);
const today = Math.floor(Date.now() / DAY) * DAY;
const start = today - days * DAY;

/** A deterministic hash of (buffer, time) in [0, 1): the sensor noise. */
const noise = (buffer: number, at: number) => {
  let h = (Math.imul(buffer + 1, 0x9e3779b1) ^ Math.imul(Math.floor(at / 1000), 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0;
  return ((h ^ (h >>> 13)) >>> 0) / 2 ** 32;
};

/**
 * Deterministic values: a temperature in tenths of a degree around 4 °C (a daily swing, two defrosts a day, sensor
 * noise of a few tenths, so neighbours seldom repeat), or a 0/1 state switching now and then.
 */
function valueOf(kind: 'temperature' | 'state', buffer: number, at: number): number {
  if (at % WEEK < 3_600_000 * (1 + (buffer % 3))) return NaN; // offline an hour or so a week
  const phase = at / DAY + buffer;
  if (kind === 'state') return Math.sin(phase * 37) > 0.6 ? 1 : 0;
  const defrost = 80 * Math.max(0, Math.sin(phase * 4 * Math.PI) - 0.8);
  return Math.round(40 + 15 * Math.sin(phase * 2 * Math.PI) + defrost + (noise(buffer, at) - 0.5) * 8) / 10;
}

async function measure(backend: Backend, intervalSeconds: number, kind: 'temperature' | 'state') {
  const { handle, dispose } = await openBenchDatabase(backend);
  const { bufferIds } = await seedBench(handle, {
    devices: 1,
    lines: Array.from(
      { length: Number(args.buffers) },
      (_, i) => [0, 1 + Math.floor(i / 9), 1 + (i % 9)] as const,
    ),
    pcNumbers: 1,
    intervalSeconds,
    startAt: new Date(start),
  });
  const interval = intervalSeconds * 1000;
  const perDay = DAY / interval;
  for (const [b, bufferId] of bufferIds.entries()) {
    for (let d = 0; d < days - 1; d += 30) {
      const length = Math.min(30, days - 1 - d) * perDay;
      const first = start + d * DAY;
      const values = Array.from({ length }, (_, i) => valueOf(kind, b, first + i * interval));
      await importRuns(handle.db, [{ bufferId, firstSampleAt: new Date(first), intervalSeconds, values }]);
    }
  }
  // The last day as recorded: staged as it comes, packed every 10 minutes.
  const store = historyStore(handle.db);
  const lastDay = today - DAY;
  for (let slice = 0; slice < 144; slice++) {
    const ats = Array.from(
      { length: 600_000 / interval },
      (_, i) => lastDay + slice * 600_000 + i * interval,
    );
    const rows = bufferIds.flatMap((bufferId, b) =>
      ats.flatMap((at) =>
        Number.isNaN(valueOf(kind, b, at)) ? [] : [{ bufferId, at, value: valueOf(kind, b, at) }],
      ),
    );
    await store.stage({
      bufferIds: rows.map((r) => r.bufferId),
      intervalsS: rows.map(() => intervalSeconds),
      ats: rows.map((r) => r.at),
      values: rows.map((r) => r.value),
    });
    await compact(handle.db, lastDay + (slice + 1) * 600_000 + 60_000);
  }
  await handle.db.execute(sql`VACUUM history_staging, history_chunks, history_rollups`);
  const { bytes, samples } = await historyFootprint(handle);
  await dispose();
  return `| ${backend} | ${intervalSeconds / 60} min | ${kind} | ${samples} | ${round(bytes / 1e6, 1)} | ${round(bytes / samples, 2)} |`;
}

const rows = [
  '| back-end | interval | line | samples | MB | bytes per sample |',
  '| --- | --- | --- | --- | --- | --- |',
];
for (const backend of args.backends.split(',') as Backend[]) {
  for (const interval of [60, 300]) {
    for (const kind of ['temperature', 'state'] as const) {
      rows.push(await measure(backend, interval, kind));
      console.error(rows.at(-1));
    }
  }
}
console.log(rows.join('\n'));
