import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

// Without grouping, so values read as the device sent them ('1234.5'), in the language's decimals ('3,5').
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string) {
  let numbers = numberFormats.get(locale);
  if (!numbers) {
    numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
    numberFormats.set(locale, numbers);
  }
  return numbers;
}

/**
 * A value in the decimals of `locale`, two at most, so float noise (0.30000000000000004) never shows. Rounded
 * by toFixed first, as values always were; a value rounded to zero has no sign ('-0').
 */
export function formatNumber(value: number, locale: string) {
  const rounded = Number(value.toFixed(2));
  return numberFormat(locale).format(rounded === 0 ? 0 : rounded);
}

/** A value with its unit ('3.5 °C', '3,5 °C'), or alone. */
export const withUnit = (value: number, unit: string | null, locale: string) =>
  unit ? `${formatNumber(value, locale)} ${unit}` : formatNumber(value, locale);

/** The user's date format without its time ('dd-LL-yyyy HH:mm' → 'dd-LL-yyyy'), for a day. */
export const dateOnly = (dateFormat: string) => dateFormat.replace(/\s*HH:mm$/, '');

/**
 * An instant on the wall clock of `timeZone` in a date-fns `pattern`: the user's date format (dateText's
 * formatDate), or a part of it (a day, a time of day).
 */
export const formatTime = (ms: number, timeZone: string, pattern: string) =>
  format(new TZDate(ms, timeZone), pattern);
