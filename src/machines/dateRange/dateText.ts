import { TZDate } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';
import type { MessageId } from '../../i18n/messages';
import { datePartOf, type DATE_FORMATS } from '#contracts';

/** One of the user's date formats (account settings `dateFormat`, date-fns patterns). */
export type DateFormat = (typeof DATE_FORMATS)[number];

/** The format as SPEC §5 shows it to people: 'dd-LL-yyyy HH:mm' is 'DD-MM-YYYY HH:mm'. */
export const formatLabel = (dateFormat: DateFormat): string =>
  dateFormat.replace('dd', 'DD').replace('LL', 'MM').replace('yyyy', 'YYYY');

/** An instant (ms since the epoch) as the user writes it, on the wall clock of `timeZone`. */
export const formatDate = (ms: number, dateFormat: DateFormat, timeZone: string): string =>
  format(new TZDate(ms, timeZone), dateFormat);

/** A calendar day ("2026-01-14") as the user writes a date (the date part of their format: "14-01-2026"). */
export const formatDay = (date: string, dateFormat: DateFormat): string =>
  format(parse(date, 'yyyy-MM-dd', new Date(0)), datePartOf(dateFormat));

/** The instant (ISO) a calendar day ("2026-01-14") of the browser's time zone begins, `daysLater` days on. */
export function midnightOf(date: string, daysLater = 0): string {
  const at = new Date(`${date}T00:00:00`);
  at.setDate(at.getDate() + daysLater);
  return at.toISOString();
}

/**
 * The instant a text names on the wall clock of `timeZone`, or null. Strict: the text must be exactly the
 * format (hours 0–23, minutes 0–59, real calendar days), so a local time skipped by a daylight-saving change is
 * refused rather than silently moved.
 */
export function parseDate(text: string, dateFormat: DateFormat, timeZone: string): number | null {
  const trimmed = text.trim();
  const parsed = parse(trimmed, dateFormat, new TZDate(0, timeZone));
  return isValid(parsed) && format(parsed, dateFormat) === trimmed ? parsed.getTime() : null;
}

/** Errors of a start and end date typed in the user's format (SPEC §5 dateFormat and after). */
interface DateRangeErrors {
  start?: MessageId;
  end?: MessageId;
}

/** A start and end typed by the user: the instants when both are valid and the end is after the start. */
export type CheckedRange = { from: number; to: number } | { errors: DateRangeErrors };

export function checkRangeTexts(
  startText: string,
  endText: string,
  dateFormat: DateFormat,
  timeZone: string,
): CheckedRange {
  const from = parseDate(startText, dateFormat, timeZone);
  const to = parseDate(endText, dateFormat, timeZone);
  const errors: DateRangeErrors = {};
  if (from === null) errors.start = 'dateRange.invalidDate';
  if (to === null) errors.end = 'dateRange.invalidDate';
  else if (from !== null && to <= from) errors.end = 'dateRange.endAfterStart';
  return from !== null && to !== null && !errors.end ? { from, to } : { errors };
}
