import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

// Two decimals at most, so float noise (0.30000000000000004) never shows.
export const formatNumber = (value: number) => String(Number(value.toFixed(2)));

/** A value with its unit ('3.5 °C'), or alone. */
export const withUnit = (value: number, unit: string | null) =>
  unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);

/** The user's date format without its time ('dd-LL-yyyy HH:mm' → 'dd-LL-yyyy'), for a day. */
export const dateOnly = (dateFormat: string) => dateFormat.replace(/\s*HH:mm$/, '');

/**
 * An instant on the wall clock of `timeZone` in a date-fns `pattern`: the user's date format (dateText's
 * formatDate), or a part of it (a day, a time of day).
 */
export const formatTime = (ms: number, timeZone: string, pattern: string) =>
  format(new TZDate(ms, timeZone), pattern);
