import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { buffers } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { useTestApp } from '../../testing/app';
import { DAY_MS, DayRollup, MINUTE_MS } from './packing';
import { historyStore } from './store';
import { insertBuffer, storedSamples } from './testing';

/** The test clock starts at 2026-01-15T03:10:00Z. */
const NOW = Date.parse('2026-01-15T03:10:00Z');
const DAY0 = Date.parse('2026-01-14T00:00:00Z');

describeEachBackend('history storage', (backend) => {
  const ctx = useTestApp(backend);
  const stage = (bufferId: number, intervalS: number, samples: [at: number, value: number][]) =>
    historyStore(ctx.handle.db).stage({
      bufferIds: samples.map(() => bufferId),
      intervalsS: samples.map(() => intervalS),
      ats: samples.map(([at]) => at),
      values: samples.map(([, value]) => value),
    });
  const rollupOf = async (bufferId: number, day: number) => {
    const [row] = await historyStore(ctx.handle.db).rollupsByKey([{ bufferId, day: day / DAY_MS }]);
    return row && DayRollup.decode(row.hours);
  };
  let line = 0;
  /** A new buffer on its own line, so tests do not share samples. */
  const newBuffer = (intervalSeconds = 60, startAt = new Date(DAY0)) =>
    insertBuffer(ctx.handle.db, { hexacode: '1A0106', line: ++line, pcNumber: 3, intervalSeconds, startAt });

  beforeAll(() => ctx.app.ready());

  it('keeps the first sample of a slot: imports and late copies never overwrite or count twice', async () => {
    const id = await newBuffer();
    await stage(id, 60, [
      [DAY0, 1],
      [DAY0 + MINUTE_MS, 2],
    ]);
    await ctx.app.history.compact();
    await stage(id, 60, [[DAY0 + MINUTE_MS, 20]]); // a second instance's late copy
    await ctx.app.history.compact();
    await ctx.app.history.importSamples(id, new Date(DAY0), 60, [10, 20, 30, NaN, 50]);
    expect(await storedSamples(ctx.handle.db, id)).toEqual([
      { at: DAY0, value: 1 },
      { at: DAY0 + MINUTE_MS, value: 2 },
      { at: DAY0 + 2 * MINUTE_MS, value: 30 },
      { at: DAY0 + 4 * MINUTE_MS, value: 50 },
    ]);
    const rollup = (await rollupOf(id, DAY0))!;
    expect([rollup.count[0], rollup.min[0], rollup.max[0], rollup.sum[0]]).toEqual([4, 1, 50, 83]);
  });

  it('keeps what was recorded at an earlier interval when the interval or start changes', async () => {
    const id = await newBuffer();
    await ctx.app.history.importSamples(id, new Date(DAY0), 60, [1, 2, 3, 4, 5]);
    // From 00:10:30 every five minutes: another interval, another phase, the same buffer.
    await ctx.app.history.importSamples(id, new Date(DAY0 + 10.5 * MINUTE_MS), 300, [6, 7]);
    await stage(id, 300, [[DAY0 + 20.5 * MINUTE_MS, 8]]);
    await ctx.app.history.compact();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples.map((s) => [(s.at - DAY0) / MINUTE_MS, s.value])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [10.5, 6],
      [15.5, 7],
      [20.5, 8],
    ]);
  });

  it('packs a day of minute samples into one chunk row and one rollup row', async () => {
    const id = await newBuffer();
    await ctx.app.history.importSamples(id, new Date(DAY0 - DAY_MS), 60, new Array(3 * 1440).fill(1.5));
    const count = async (table: string) => {
      const result = (await ctx.handle.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE buffer_id = ${id}`,
      )) as { rows: { n: number }[] };
      return result.rows[0]!.n;
    };
    expect([await count('history_chunks'), await count('history_rollups')]).toEqual([3, 3]);
  });

  it('compacts once when two compactions run together', async () => {
    const id = await newBuffer(10);
    const samples = Array.from({ length: 500 }, (_, i): [number, number] => [DAY0 + i * 10_000, i]);
    await stage(id, 10, samples);
    const moved = await Promise.all([ctx.app.history.compact(), ctx.app.history.compact()]);
    expect(moved[0] + moved[1]).toBeGreaterThanOrEqual(500);
    const stored = await storedSamples(ctx.handle.db, id);
    expect(stored.map((s) => s.value)).toEqual(samples.map(([, v]) => v));
  });

  it('leaves samples of the last minute staged, so a late copy of them is still deduplicated', async () => {
    const id = await newBuffer();
    await stage(id, 60, [
      [NOW - 5 * MINUTE_MS, 1],
      [NOW - 30_000, 2],
    ]);
    await ctx.app.history.compact();
    const staged = await historyStore(ctx.handle.db).staged([id], 0, NOW + DAY_MS);
    expect(staged.map((s) => s.value)).toEqual([2]);
  });

  it('drops what is older than the retention, and what belonged to deleted buffers', async () => {
    // Whole UTC days: a chunk goes once all of its day is older than the retention (800 days).
    const old = DAY0 - 801 * DAY_MS;
    const kept = DAY0 - 799 * DAY_MS;
    const id = await newBuffer(300, new Date(old));
    await ctx.app.history.importSamples(id, new Date(old), 300, new Array(288).fill(1));
    await ctx.app.history.importSamples(id, new Date(kept), 300, new Array(288).fill(2));
    await stage(id, 300, [[old + DAY_MS / 2, 3]]);
    const gone = await newBuffer();
    await stage(gone, 60, [[NOW - 10 * MINUTE_MS, 4]]);
    await ctx.handle.db.delete(buffers).where(eq(buffers.id, gone));

    await ctx.app.history.applyRetention();
    const samples = await storedSamples(ctx.handle.db, id);
    expect(samples).toHaveLength(288);
    expect(samples.every((s) => s.value === 2)).toBe(true);
    expect(await rollupOf(id, old)).toBeUndefined();
    expect(await rollupOf(id, kept)).toBeDefined();
    expect(await historyStore(ctx.handle.db).staged([gone], 0, NOW + DAY_MS)).toEqual([]);
  });

  it('deletes the history of a deleted buffer with it', async () => {
    const id = await newBuffer();
    await ctx.app.history.importSamples(id, new Date(DAY0), 60, [1, 2, 3]);
    await ctx.handle.db.delete(buffers).where(eq(buffers.id, id));
    expect(await storedSamples(ctx.handle.db, id)).toEqual([]);
    expect(await rollupOf(id, DAY0)).toBeUndefined();
  });
});
