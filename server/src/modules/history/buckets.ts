import type { HistoryPoints, HistoryStats } from '#contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './packing';

/** Bucket widths a chart reads well, finest first; past a week they double. */
const NICE_WIDTHS_MS = [
  ...[1, 5, 10, 30].map((s) => s * SECOND_MS),
  ...[1, 5, 10, 15, 30].map((m) => m * MINUTE_MS),
  ...[1, 2, 3, 6, 12].map((h) => h * HOUR_MS),
  ...[1, 2, 7, 14, 28, 56, 112, 224, 448].map((d) => d * DAY_MS),
];

/** Buckets aligned to UTC multiples of `widthMs` that [fromMs, toMs) touches. */
export const bucketCount = (fromMs: number, toMs: number, widthMs: number): number =>
  Math.floor((toMs - 1) / widthMs) - Math.floor(fromMs / widthMs) + 1;

/**
 * The bucket width of a query: the finest buffer interval involved, or the first nice width above it that keeps
 * every series within maxPoints buckets.
 */
export function resolutionMs(fromMs: number, toMs: number, maxPoints: number, finestMs: number): number {
  if (bucketCount(fromMs, toMs, finestMs) <= maxPoints) return finestMs;
  const fits = NICE_WIDTHS_MS.find((w) => w > finestMs && bucketCount(fromMs, toMs, w) <= maxPoints);
  // The contract caps a range at 400 days and maxPoints at 2 or more, which the widest width covers.
  return fits ?? NICE_WIDTHS_MS[NICE_WIDTHS_MS.length - 1]!;
}

export const EMPTY_POINTS: HistoryPoints = { t: [], avg: [], min: [], max: [] };
export const EMPTY_STATS: HistoryStats = { min: null, max: null, avg: null };

/** Samples are float32: seven significant digits are what they hold. */
const tidy = (value: number) => Number(value.toPrecision(7));

/**
 * An average to the precision of the samples it came from (seven digits of the largest), so sums added in another
 * order (packed, staged) give the same answer and a mean of +x and -x is 0, not 5e-18.
 */
function tidyMean(sum: number, count: number, min: number, max: number): number {
  const scale = Math.max(Math.abs(min), Math.abs(max));
  if (scale === 0) return 0;
  const quantum = 10 ** (Math.floor(Math.log10(scale)) - 6);
  return tidy(Math.round(sum / count / quantum) * quantum);
}

/** Count, sum, min and max per bucket of one series over one range. */
export class Buckets {
  readonly count: Uint32Array;
  readonly sum: Float64Array;
  readonly min: Float64Array;
  readonly max: Float64Array;

  constructor(
    /** Start of the first bucket (a multiple of the width). */
    readonly start: number,
    readonly width: number,
    readonly length: number,
  ) {
    this.count = new Uint32Array(length);
    this.sum = new Float64Array(length);
    this.min = new Float64Array(length).fill(Infinity);
    this.max = new Float64Array(length).fill(-Infinity);
  }

  static over(fromMs: number, toMs: number, widthMs: number): Buckets {
    return new Buckets(Math.floor(fromMs / widthMs) * widthMs, widthMs, bucketCount(fromMs, toMs, widthMs));
  }

  get end(): number {
    return this.start + this.length * this.width;
  }

  add(at: number, value: number): void {
    const i = Math.floor((at - this.start) / this.width);
    if (i < 0 || i >= this.length) return;
    this.count[i]!++;
    this.sum[i]! += value;
    if (value < this.min[i]!) this.min[i] = value;
    if (value > this.max[i]!) this.max[i] = value;
  }

  /** Adds a group of samples already summarised (an hour of a rollup). */
  addSummary(at: number, count: number, sum: number, min: number, max: number): void {
    const i = Math.floor((at - this.start) / this.width);
    if (i < 0 || i >= this.length || count === 0) return;
    this.count[i]! += count;
    this.sum[i]! += sum;
    if (min < this.min[i]!) this.min[i] = min;
    if (max > this.max[i]!) this.max[i] = max;
  }

  /** Columns of the contract; `shiftMs` moves a comparison range's bucket times onto the main range. */
  points(shiftMs = 0): HistoryPoints {
    const points: HistoryPoints = { t: [], avg: [], min: [], max: [] };
    for (let i = 0; i < this.length; i++) {
      const n = this.count[i]!;
      points.t.push(this.start + i * this.width + shiftMs);
      points.avg.push(n ? tidyMean(this.sum[i]!, n, this.min[i]!, this.max[i]!) : null);
      points.min.push(n ? tidy(this.min[i]!) : null);
      points.max.push(n ? tidy(this.max[i]!) : null);
    }
    return points;
  }

  stats(): HistoryStats {
    let n = 0;
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < this.length; i++) {
      n += this.count[i]!;
      sum += this.sum[i]!;
      min = Math.min(min, this.min[i]!);
      max = Math.max(max, this.max[i]!);
    }
    return n ? { min: tidy(min), max: tidy(max), avg: tidyMean(sum, n, min, max) } : EMPTY_STATS;
  }
}
