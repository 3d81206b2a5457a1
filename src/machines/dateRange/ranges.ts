import { TZDate } from '@date-fns/tz';
import { startOfMonth, subDays, subHours, subMonths } from 'date-fns';
import type { CompareRange, WidgetInterval } from '../../services/contracts';

/** An absolute time range, ms since the epoch; compareFrom starts a comparison range of the same length. */
export interface ResolvedRange {
  from: number;
  to: number;
  compareFrom: number | null;
}

const HOUR_MS = 60 * 60_000;

/**
 * The absolute range of a widget interval at `now`, computed in `timeZone` (the user's): "last 7 days" and "last
 * month" are calendar days and months there, so a daylight-saving change or a short month does not shift them.
 * "Last 24 hours" is 24 real hours. A custom range without both dates falls back to the last 24 hours.
 */
export function resolveRange(interval: WidgetInterval, now: number, timeZone: string): ResolvedRange {
  const local = new TZDate(now, timeZone);
  const [from, to] = boundsOf(interval, local, now);
  return {
    from,
    to,
    compareFrom: interval.compareTo ? compareStart(from, interval.compareTo, timeZone) : null,
  };
}

function boundsOf(interval: WidgetInterval, local: TZDate, now: number): [number, number] {
  switch (interval.type) {
    case 'LAST_7_DAYS':
      return [subDays(local, 7).getTime(), now];
    case 'LAST_30_DAYS':
      return [subDays(local, 30).getTime(), now];
    case 'THIS_MONTH':
      return [startOfMonth(local).getTime(), now];
    case 'LAST_MONTH':
      return [startOfMonth(subMonths(local, 1)).getTime(), startOfMonth(local).getTime()];
    case 'CUSTOM': {
      const start = interval.start ? Date.parse(interval.start) : NaN;
      const end = interval.end ? Date.parse(interval.end) : NaN;
      if (Number.isFinite(start) && Number.isFinite(end) && end > start) return [start, end];
      return [now - 24 * HOUR_MS, now];
    }
    default:
      return [now - 24 * HOUR_MS, now];
  }
}

/** The comparison range starts this long before the main one: hours are real hours, days calendar days. */
function compareStart(from: number, compare: CompareRange, timeZone: string): number {
  return compare.unit === 'HOURS'
    ? subHours(from, compare.value).getTime()
    : subDays(new TZDate(from, timeZone), compare.value).getTime();
}

/** Whether the range ends now, so a chart of it should follow new samples (the live tail). */
export const endsNow = (interval: WidgetInterval) =>
  interval.type !== 'LAST_MONTH' && interval.type !== 'CUSTOM';
