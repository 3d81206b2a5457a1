import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from '../../testing/backends';
import { tokenOf, useTestApp } from '../../testing/app';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './packing';
import { historyStore } from './store';
import { historyOf, insertBuffer, seriesOf, storedSamples } from './testing';
import { insertReader } from '../../testing/readers';

/** Minute samples over two days, a sine with one spike; the clock is where the test clock starts. */
const T0 = Date.parse('2026-01-13T00:00:00Z');
const SPIKE_AT = T0 + 30 * HOUR_MS + 17 * MINUTE_MS;
const valueAt = (at: number) => (at === SPIKE_AT ? 40 : Math.round(Math.sin(at / HOUR_MS) * 50) / 10);
const iso = (ms: number) => new Date(ms).toISOString();

describeEachBackend('history queries', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  let token: string;
  let id: number;
  const minutes = Array.from({ length: 2 * 1440 }, (_, i) => valueAt(T0 + i * MINUTE_MS));

  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'admin', 'Admin123');
    id = await insertBuffer(ctx.handle.db, {
      hexacode: '1A0102',
      pcNumber: 2,
      intervalSeconds: 60,
      startAt: new Date(T0),
    });
    // The first day packed, the second staged (as recorded, not compacted yet).
    await ctx.app.history.importSamples(id, new Date(T0), 60, minutes.slice(0, 1440));
    const second = minutes.slice(1440);
    await historyStore(ctx.handle.db).stage({
      bufferIds: second.map(() => id),
      intervalsS: second.map(() => 60),
      ats: second.map((_, i) => T0 + DAY_MS + i * MINUTE_MS),
      values: second,
    });
  });

  const query = (from: number, to: number, extra: object = {}) =>
    historyOf(ctx.app, token, {
      series: [seriesOf('1A0102', { pcNumber: 2 })],
      from: iso(from),
      to: iso(to),
      ...extra,
    });

  /** Buckets of `width` computed from the samples: whole buckets, aligned to UTC multiples of the width. */
  const expected = (from: number, to: number, width: number) => {
    const want = { t: [] as number[], min: [] as (number | null)[], max: [] as (number | null)[] };
    const avg: (number | null)[] = [];
    for (let b = Math.floor(from / width) * width; b < to; b += width) {
      const inside = minutes.filter((_, i) => T0 + i * MINUTE_MS >= b && T0 + i * MINUTE_MS < b + width);
      want.t.push(b);
      want.min.push(inside.length ? Math.min(...inside) : null);
      want.max.push(inside.length ? Math.max(...inside) : null);
      avg.push(inside.length ? inside.reduce((a, v) => a + v, 0) / inside.length : null);
    }
    return { ...want, avg };
  };
  const close = (actual: (number | null)[], wanted: (number | null)[]) => {
    expect(actual.map((v) => v === null)).toEqual(wanted.map((v) => v === null));
    actual.forEach((v, i) => v !== null && expect(v).toBeCloseTo(wanted[i]!, 4));
  };

  it.each([
    ['an hour', HOUR_MS, 1000, MINUTE_MS],
    ['a day in 2,000 points', DAY_MS, 2000, MINUTE_MS],
    ['a day in 1,000 points', DAY_MS, 1000, 5 * MINUTE_MS],
    ['a day in 100 points', DAY_MS, 100, 15 * MINUTE_MS],
    ['40 hours in 48 points', 40 * HOUR_MS, 48, HOUR_MS],
    ['40 hours in 10 points', 40 * HOUR_MS, 10, 6 * HOUR_MS],
    ['40 hours in 3 points', 40 * HOUR_MS, 3, DAY_MS],
    ['40 hours in 2 points', 40 * HOUR_MS, 2, 2 * DAY_MS],
  ])(
    'answers %s at the finest width that fits, min, max and average per bucket',
    async (_, span, maxPoints, width) => {
      // Around the spike; the longer ranges run past the data, into empty buckets.
      const from = SPIKE_AT - span / 2;
      const result = await query(from, from + span, { maxPoints });
      expect(result.resolutionMs).toBe(width);
      const [series] = result.series;
      const want = expected(from, from + span, width);
      expect(series!.points.t).toEqual(want.t);
      expect(series!.points.t.length).toBeLessThanOrEqual(maxPoints);
      close(series!.points.min, want.min);
      close(series!.points.max, want.max);
      close(series!.points.avg, want.avg);
      // The spike survives however wide the buckets.
      expect(Math.max(...series!.points.max.map((v) => v ?? -Infinity))).toBe(40);
      expect(series!.stats.max).toBe(40);
    },
  );

  it('answers the same before and after compaction, which empties staging', async () => {
    const ranges = [
      [SPIKE_AT - HOUR_MS, SPIKE_AT + HOUR_MS, 1000],
      [T0, T0 + 2 * DAY_MS, 1000],
      [T0, T0 + 2 * DAY_MS, 48],
    ] as const;
    const before = await Promise.all(ranges.map(([from, to, maxPoints]) => query(from, to, { maxPoints })));
    expect(await ctx.app.history.compact()).toBeGreaterThanOrEqual(1440);
    expect(await ctx.app.history.compact()).toBe(0);
    const after = await Promise.all(ranges.map(([from, to, maxPoints]) => query(from, to, { maxPoints })));
    expect(after).toEqual(before);
    expect(await storedSamples(ctx.handle.db, id)).toHaveLength(2 * 1440);
  });

  it('buckets a comparison range the same way and moves its times onto the main range', async () => {
    const from = T0 + DAY_MS + 6 * HOUR_MS;
    const result = await query(from, from + 6 * HOUR_MS, { compareFrom: iso(from - DAY_MS), maxPoints: 24 });
    expect(result.compareFrom).toBe(iso(from - DAY_MS));
    const [series] = result.series;
    const previous = expected(from - DAY_MS, from - DAY_MS + 6 * HOUR_MS, 15 * MINUTE_MS);
    expect(result.resolutionMs).toBe(15 * MINUTE_MS);
    expect(series!.compare!.points.t).toEqual(series!.points.t);
    close(series!.compare!.points.max, previous.max);
    close(series!.compare!.points.min, previous.min);
    expect(series!.compare!.stats.max).toBeCloseTo(Math.max(...(previous.max as number[])), 4);
  });

  it('gives whole-range stats: lowest, highest and average', async () => {
    const result = await query(T0, T0 + DAY_MS, { maxPoints: 2000 });
    const day = minutes.slice(0, 1440);
    expect(result.series[0]!.stats.min).toBeCloseTo(Math.min(...day), 4);
    expect(result.series[0]!.stats.max).toBeCloseTo(Math.max(...day), 4);
    expect(result.series[0]!.stats.avg).toBeCloseTo(day.reduce((a, v) => a + v, 0) / day.length, 4);
  });

  it('reads several series at the finest interval among them', async () => {
    const coarse = await insertBuffer(ctx.handle.db, {
      hexacode: '1A0102',
      line: 2,
      pcNumber: 2,
      intervalSeconds: 300,
      startAt: new Date(T0),
    });
    await ctx.app.history.importSamples(coarse, new Date(T0), 300, [1, 2, 3, 4]);
    const result = await historyOf(ctx.app, token, {
      series: [seriesOf('1A0102', { line: 2, pcNumber: 2 }), seriesOf('1A0102', { pcNumber: 2 })],
      from: iso(T0),
      to: iso(T0 + 20 * MINUTE_MS),
    });
    expect(result.resolutionMs).toBe(MINUTE_MS);
    expect(result.series.map((s) => [s.name, s.interval])).toEqual([
      ['Supply air temperature', 300],
      ['Air temperature', 60],
    ]);
    expect(result.series[0]!.points.avg.slice(0, 6)).toEqual([1, null, null, null, null, 2]);
  });

  it("names each line, and the states of a line of states, in the caller's language", async () => {
    await insertReader(ctx.handle.db, { username: 'leser', password: 'Leser123', languageCode: 'DE' });
    const series = [seriesOf('1A0102', { line: 6 }), seriesOf('1A0102', { line: 1 })];
    const range = { series, from: iso(T0), to: iso(T0 + HOUR_MS) };
    const german = await historyOf(ctx.app, await tokenOf(ctx.app, 'leser', 'Leser123'), range);
    expect(german.series.map(({ name, options }) => ({ name, options }))).toEqual([
      {
        name: 'Tür',
        options: [
          { label: 'Geschlossen', index: 0 },
          { label: 'Offen', index: 1 },
        ],
      },
      { name: 'Lufttemperatur', options: null },
    ]);
    const english = await historyOf(ctx.app, token, range);
    expect(english.series.map(({ name, options }) => [name, options?.map((o) => o.label) ?? null])).toEqual([
      ['Door', ['Closed', 'Open']],
      ['Air temperature', null],
    ]);
  });

  it('keeps UTC buckets contiguous across a daylight-saving change', async () => {
    const dstBuffer = await insertBuffer(ctx.handle.db, {
      hexacode: '1A0104',
      pcNumber: 2,
      intervalSeconds: 600,
      startAt: new Date('2026-03-27T00:00:00Z'),
    });
    const values = Array.from({ length: 6 * 24 * 4 }, (_, i) => i);
    await ctx.app.history.importSamples(dstBuffer, new Date('2026-03-27T00:00:00Z'), 600, values);
    // Copenhagen goes from 02:00 to 03:00 local on 2026-03-29 (01:00 UTC).
    const result = await historyOf(ctx.app, token, {
      series: [seriesOf('1A0104', { pcNumber: 2 })],
      from: '2026-03-28T12:00:00+01:00',
      to: '2026-03-30T12:00:00+02:00',
      maxPoints: 50,
    });
    expect(result.resolutionMs).toBe(HOUR_MS);
    const { t, avg } = result.series[0]!.points;
    expect(t).toHaveLength(47);
    t.forEach((at, i) => expect(at).toBe(Date.parse('2026-03-28T11:00:00Z') + i * HOUR_MS));
    // Every hour holds its six samples, the one of the change included.
    const first = (Date.parse('2026-03-28T11:00:00Z') - Date.parse('2026-03-27T00:00:00Z')) / 600_000;
    avg.forEach((v, i) => expect(v).toBeCloseTo(first + i * 6 + 2.5, 4));
  });
});
