import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, addWeeks, setHours, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import type { ReportFrequency } from '#contracts';

/** Scheduled reports go out at this local hour of the day after their period: in the morning, the night's data in. */
const SEND_HOUR = 6;

const startOf = (frequency: ReportFrequency, at: TZDate) =>
  frequency === 'daily'
    ? startOfDay(at)
    : frequency === 'weekly'
      ? startOfWeek(at, { weekStartsOn: 1 })
      : startOfMonth(at);
const add = (frequency: ReportFrequency, at: TZDate, n: number) =>
  frequency === 'daily' ? addDays(at, n) : frequency === 'weekly' ? addWeeks(at, n) : addMonths(at, n);

/** The first sending time after `now`: SEND_HOUR local on the first day of the next period. */
export function nextRunAfter(frequency: ReportFrequency, now: number, timeZone: string): Date {
  const local = new TZDate(now, timeZone);
  let run = setHours(startOf(frequency, local), SEND_HOUR);
  while (run.getTime() <= now) run = setHours(add(frequency, startOf(frequency, run), 1), SEND_HOUR);
  return new Date(run.getTime());
}

/** The period a sending at `runAt` reports: the whole day, week (Monday first) or month before it. */
export function periodBefore(
  frequency: ReportFrequency,
  runAt: number,
  timeZone: string,
): { from: number; to: number } {
  const end = startOf(frequency, new TZDate(runAt, timeZone));
  return { from: add(frequency, end, -1).getTime(), to: end.getTime() };
}
