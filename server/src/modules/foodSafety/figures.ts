import type { FoodSafetyLimit } from '#contracts';
import { MINUTE_MS } from '../history/packing';

/**
 * The HACCP figures of one case from its recorded samples: per day the lowest, highest and average temperature,
 * the share of the recorded time in limits, defrost and unrecorded minutes; and the excursions. Pure: the service
 * reads the samples, this counts them (docs/decisions/food-safety-figures.md says what counts how).
 */

/**
 * Samples of one line in time order; each holds from its time for its span, the interval it was recorded at (a
 * step, never interpolated).
 */
export interface SampleSeries {
  ats: Float64Array;
  values: Float32Array;
  spans: Float64Array;
}

export interface DayWindow {
  date: string;
  start: number;
  end: number;
}

export interface DayFigures {
  date: string;
  min: number | null;
  max: number | null;
  avg: number | null;
  timeInLimitsPct: number | null;
  minutesOutOfLimits: number;
  defrostMinutes: number;
  minutesWithoutData: number;
  gap: boolean;
}

export interface ExcursionFigures {
  start: number;
  end: number;
  peak: number;
  peakAt: number;
  minutes: number;
  degreeMinutes: number;
  direction: 'high' | 'low';
  interruptedByGap: boolean;
}

/** A sample further than this many intervals from the one before leaves a gap between them. */
const GAP_FACTOR = 1.5;
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Whether each temperature sample lies in a defrost: the defrost line's state was not 0 (off) then. */
export function defrostMask(temperature: SampleSeries, defrost: SampleSeries | null): Uint8Array {
  const mask = new Uint8Array(temperature.ats.length);
  if (!defrost) return mask;
  let j = 0;
  for (let i = 0; i < mask.length; i++) {
    const at = temperature.ats[i]!;
    while (j + 1 < defrost.ats.length && defrost.ats[j + 1]! <= at) j++;
    const since = defrost.ats[j];
    if (since !== undefined && since <= at && at < since + defrost.spans[j]! && defrost.values[j] !== 0) {
      mask[i] = 1;
    }
  }
  return mask;
}

const outOf = (limit: FoodSafetyLimit, x: number) =>
  x > limit.high ? 'high' : limit.low !== null && x < limit.low ? 'low' : null;

class DayCounter {
  min = Infinity;
  max = -Infinity;
  sum = 0;
  n = 0;
  covered = 0;
  defrost = 0;
  inLimits = 0;
  outOfLimits = 0;
}

/** The figures of each day window, from the samples that overlap it (a sample's time split between two days). */
export function dailyFigures(
  series: SampleSeries | null,
  defrost: Uint8Array,
  limit: FoodSafetyLimit,
  days: readonly DayWindow[],
): DayFigures[] {
  const counters = days.map(() => new DayCounter());
  if (series) {
    let d = 0;
    for (let i = 0; i < series.ats.length; i++) {
      const start = series.ats[i]!;
      const end = start + series.spans[i]!;
      while (d < days.length && days[d]!.end <= start) d++;
      for (let k = d; k < days.length && days[k]!.start < end; k++) {
        const overlap = Math.min(end, days[k]!.end) - Math.max(start, days[k]!.start);
        if (overlap <= 0) continue;
        const c = counters[k]!;
        c.covered += overlap;
        if (defrost[i]) {
          c.defrost += overlap;
          continue;
        }
        const x = series.values[i]!;
        c.n++;
        c.sum += x;
        if (x < c.min) c.min = x;
        if (x > c.max) c.max = x;
        if (outOf(limit, x)) c.outOfLimits += overlap;
        else c.inLimits += overlap;
      }
    }
  }
  return days.map((day, k) => {
    const c = counters[k]!;
    const withoutData = Math.round((day.end - day.start - c.covered) / MINUTE_MS);
    const judged = c.inLimits + c.outOfLimits;
    return {
      date: day.date,
      min: c.n ? round1(c.min) : null,
      max: c.n ? round1(c.max) : null,
      avg: c.n ? round2(c.sum / c.n) : null,
      timeInLimitsPct: judged ? round1((100 * c.inLimits) / judged) : null,
      minutesOutOfLimits: Math.round(c.outOfLimits / MINUTE_MS),
      defrostMinutes: Math.round(c.defrost / MINUTE_MS),
      minutesWithoutData: withoutData,
      gap: withoutData > 0,
    };
  });
}

/**
 * Runs of samples out of limits (defrost samples skipped: they neither extend nor end a run; a gap in the record
 * ends it and says so). A run within the grace, at most `graceMinutes` long and within `graceDegrees` of the limit,
 * is a tolerated brief rise, not an excursion.
 */
export function excursions(
  series: SampleSeries | null,
  defrost: Uint8Array,
  limit: FoodSafetyLimit,
): ExcursionFigures[] {
  if (!series) return [];
  const found: ExcursionFigures[] = [];
  const run: { open: ExcursionFigures | null } = { open: null };
  const close = (interrupted: boolean) => {
    const open = run.open;
    if (!open) return;
    run.open = null;
    open.interruptedByGap = interrupted;
    open.minutes = Math.round((open.end - open.start) / MINUTE_MS);
    open.degreeMinutes = round1(open.degreeMinutes);
    open.peak = round1(open.peak);
    const bound = open.direction === 'high' ? limit.high : limit.low!;
    const brief = open.minutes <= limit.graceMinutes && Math.abs(open.peak - bound) <= limit.graceDegrees;
    if (interrupted || !brief) found.push(open);
  };
  for (let i = 0; i < series.ats.length; i++) {
    const at = series.ats[i]!;
    const span = series.spans[i]!;
    if (i > 0 && at - series.ats[i - 1]! > series.spans[i - 1]! * GAP_FACTOR) close(true);
    if (defrost[i]) continue;
    const x = series.values[i]!;
    const direction = outOf(limit, x);
    if (run.open && direction !== run.open.direction) close(false);
    if (!direction) continue;
    const bound = direction === 'high' ? limit.high : limit.low!;
    const open = (run.open ??= {
      start: at,
      end: at,
      peak: x,
      peakAt: at,
      minutes: 0,
      degreeMinutes: 0,
      direction,
      interruptedByGap: false,
    });
    open.end = at + span;
    open.degreeMinutes += (Math.abs(x - bound) * span) / MINUTE_MS;
    if (direction === 'high' ? x > open.peak : x < open.peak) {
      open.peak = x;
      open.peakAt = at;
    }
  }
  close(false);
  return found;
}

/** Min and max of each `widthMs` bucket of the range, for the report's chart: [bucket start, min, max]. */
export function chartBuckets(
  series: SampleSeries | null,
  from: number,
  to: number,
  widthMs: number,
): [number, number, number][] {
  if (!series) return [];
  const buckets = new Map<number, [number, number, number]>();
  for (let i = 0; i < series.ats.length; i++) {
    const at = series.ats[i]!;
    if (at < from || at >= to) continue;
    const key = from + Math.floor((at - from) / widthMs) * widthMs;
    const x = series.values[i]!;
    const b = buckets.get(key);
    if (!b) buckets.set(key, [key, round1(x), round1(x)]);
    else {
      b[1] = Math.min(b[1], round1(x));
      b[2] = Math.max(b[2], round1(x));
    }
  }
  return [...buckets.values()].sort((a, b) => a[0] - b[0]);
}
