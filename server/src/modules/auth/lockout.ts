/** Five failed sign-ins of one user within fifteen minutes lock that user for fifteen minutes. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;
const LOCK_MS = 15 * 60_000;
/** Failures older than this can no longer lock anyone and may be forgotten. */
export const FAILURE_MEMORY_MS = FAILURE_WINDOW_MS + LOCK_MS;

/** When the lock caused by these failures ends, or null when they cause none that is still running. */
export function lockedUntil(failures: readonly Date[], now: Date): Date | null {
  const times = failures.map((f) => f.getTime()).sort((a, b) => a - b);
  let end: number | null = null;
  for (let last = MAX_FAILURES - 1; last < times.length; last++) {
    const first = times[last - (MAX_FAILURES - 1)]!;
    if (times[last]! - first <= FAILURE_WINDOW_MS) end = times[last]! + LOCK_MS;
  }
  return end !== null && end > now.getTime() ? new Date(end) : null;
}

export function lockedMessage(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  const clock = until.toISOString().slice(11, 16);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${clock} UTC).`;
}
