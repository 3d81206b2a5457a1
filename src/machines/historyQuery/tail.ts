import type { HistoryResult } from '#contracts';

/**
 * A sample is taken from the first reading of its slot, so it reaches the server a little after the slot
 * starts (the device's report period, ingest): ask this much later.
 */
export const TAIL_GRACE_MS = 10_000;
/** Never ask more often than this, whatever a buffer's interval. */
const TAIL_MIN_MS = 5_000;
/** When no series has a buffer interval (none recorded yet), look again after this. */
export const TAIL_DEFAULT_MS = 5 * 60_000;

/**
 * How long after an answer (fetched at `fetchedAt`) a range that ends now is queried again, so a new sample
 * appears within one interval: shortly after the next sample slot of the soonest series. Samples fall at
 * start + k × interval; `sampleStarts` holds the start of the buffers the elements know (by series id). Without
 * it the phase is unknown (buckets are aligned to the clock, not to the buffer), so one interval on.
 */
export function tailDelay(
  result: HistoryResult,
  fetchedAt: number,
  sampleStarts: Readonly<Record<string, number>>,
): number {
  let next = Number.POSITIVE_INFINITY;
  for (const series of result.series) {
    if (series.interval === null) continue;
    const step = series.interval * 1000;
    const start = sampleStarts[series.id];
    const slot =
      start === undefined || start > fetchedAt
        ? fetchedAt + step
        : start + (Math.floor((fetchedAt - start) / step) + 1) * step;
    next = Math.min(next, slot);
  }
  if (!Number.isFinite(next)) return TAIL_DEFAULT_MS;
  return Math.max(TAIL_MIN_MS, next - fetchedAt + TAIL_GRACE_MS);
}
