import { describe, expect, it } from 'vitest';
import { Buckets, bucketCount, resolutionMs } from './buckets';
import {
  chunkOf,
  chunkSlots,
  DAY_MS,
  DayRollup,
  decodeSamples,
  encodeSamples,
  HOUR_MS,
  MINUTE_MS,
} from './packing';

const DAY = Date.parse('2026-01-14T00:00:00Z');

describe('history packing', () => {
  it('puts minute samples and slower in one chunk a UTC day, faster ones 1,440 to a chunk', () => {
    expect(chunkOf(DAY + 90 * MINUTE_MS, MINUTE_MS)).toEqual({ firstAt: DAY, slot: 90 });
    expect(chunkSlots(MINUTE_MS)).toBe(1440);
    expect(chunkSlots(288_000)).toBe(300);
    expect(chunkSlots(7 * 60_000)).toBe(206); // 86,400 / 420 = 205.7: the last slot starts before midnight
    expect(chunkOf(DAY + 25 * MINUTE_MS, 1000)).toEqual({ firstAt: DAY + 24 * MINUTE_MS, slot: 60 });
  });

  it("keeps a run's phase: samples at :30 and at :00 never share a chunk", () => {
    const a = chunkOf(DAY + 10 * MINUTE_MS + 30_000, 5 * MINUTE_MS);
    const b = chunkOf(DAY + 10 * MINUTE_MS, 5 * MINUTE_MS);
    expect(a).toEqual({ firstAt: DAY + 30_000, slot: 2 });
    expect(b).toEqual({ firstAt: DAY, slot: 2 });
  });

  it('packs float32 little-endian with NaN gaps, trailing gaps left out', () => {
    const values = new Float32Array([1.5, NaN, -3.25, NaN, NaN]);
    const bytes = encodeSamples(values);
    expect(bytes.byteLength).toBe(12);
    expect(Array.from(decodeSamples(bytes))).toEqual([1.5, NaN, -3.25]);
    expect(encodeSamples(new Float32Array([NaN])).byteLength).toBe(0);
    // A view into a larger buffer (how drivers hand rows over) decodes the same.
    const shifted = new Uint8Array(bytes.byteLength + 3);
    shifted.set(bytes, 3);
    expect(Array.from(decodeSamples(shifted.subarray(3)))).toEqual([1.5, NaN, -3.25]);
  });

  it('rolls hours up as count, min, max and mean, and merges them', () => {
    const a = new DayRollup();
    a.add(0, 2);
    a.add(0, -1);
    a.add(23, 5);
    const b = DayRollup.decode(a.encode());
    expect([b.count[0], b.min[0], b.max[0], b.sum[0], b.count[1], b.sum[23]]).toEqual([2, -1, 2, 1, 0, 5]);
    b.merge(a);
    expect([b.count[0], b.min[0], b.max[0], b.sum[0]]).toEqual([4, -1, 2, 2]);
    expect(a.encode().byteLength).toBe(336);
  });
});

describe('history buckets', () => {
  it('counts the UTC-aligned buckets a range touches', () => {
    expect(bucketCount(DAY, DAY + DAY_MS, HOUR_MS)).toBe(24);
    expect(bucketCount(DAY + 1, DAY + DAY_MS, HOUR_MS)).toBe(24);
    expect(bucketCount(DAY + 1, DAY + DAY_MS + 1, HOUR_MS)).toBe(25);
  });

  it('picks the buffer interval, else the first nice width that keeps within maxPoints', () => {
    expect(resolutionMs(DAY, DAY + DAY_MS, 2000, MINUTE_MS)).toBe(MINUTE_MS);
    expect(resolutionMs(DAY, DAY + DAY_MS, 1000, MINUTE_MS)).toBe(5 * MINUTE_MS);
    expect(resolutionMs(DAY, DAY + DAY_MS, 1000, 288_000)).toBe(288_000);
    expect(resolutionMs(DAY, DAY + 365 * DAY_MS, 2000, MINUTE_MS)).toBe(6 * HOUR_MS);
    expect(resolutionMs(DAY, DAY + 400 * DAY_MS, 2, MINUTE_MS)).toBe(448 * DAY_MS);
    expect(resolutionMs(DAY, DAY + 10_000, 2000, 1000)).toBe(1000);
  });

  it('answers columns with min, max and average, null for empty buckets, stats over all', () => {
    const buckets = Buckets.over(DAY + 30 * MINUTE_MS, DAY + 3 * HOUR_MS, HOUR_MS);
    buckets.add(DAY + 10 * MINUTE_MS, 1);
    buckets.add(DAY + 20 * MINUTE_MS, 3);
    buckets.addSummary(DAY + 2 * HOUR_MS, 2, -4, -3, -1);
    buckets.add(DAY + 3 * HOUR_MS, 99); // past the last bucket
    expect(buckets.points()).toEqual({
      t: [DAY, DAY + HOUR_MS, DAY + 2 * HOUR_MS],
      avg: [2, null, -2],
      min: [1, null, -3],
      max: [3, null, -1],
    });
    expect(buckets.stats()).toEqual({ min: -3, max: 3, avg: 0 });
    expect(buckets.points(-DAY_MS).t[0]).toBe(DAY - DAY_MS);
  });
});
