import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import type { DayWindow } from './figures';

/**
 * The days of [from, to) in `timeZone`, each clipped to the range: a day of a DST change is 23 or 25 hours long,
 * and its figures count the hours it had.
 */
export function dayWindows(from: number, to: number, timeZone: string): DayWindow[] {
  const days: DayWindow[] = [];
  let day = startOfDay(new TZDate(from, timeZone));
  while (day.getTime() < to) {
    const next = addDays(day, 1);
    days.push({
      date: format(day, 'yyyy-MM-dd'),
      start: Math.max(from, day.getTime()),
      end: Math.min(to, next.getTime()),
    });
    day = next;
  }
  return days;
}

/** The start of the day `date` (yyyy-MM-dd) in `timeZone`. */
export function dayStart(date: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new TZDate(y!, m! - 1, d!, timeZone).getTime();
}
