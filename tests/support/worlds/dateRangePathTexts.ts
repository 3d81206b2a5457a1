import type { WidgetInterval } from '#contracts';
import { PATH_NOW } from './historyQueryPathDashboard';

/**
 * The date range picker's texts and ranges as the user meets them in the path tests (SPEC §2, §5, §9),
 * written out by the test rather than taken from the product: dates as DD-MM-YYYY HH:mm in UTC, presets
 * ending now.
 */
const HOUR = 60 * 60_000;
const UNIT_MS = { HOURS: HOUR, DAYS: 24 * HOUR } as const;
const PRESET_MS: Record<string, number> = { LAST_24_HOURS: 24 * HOUR, LAST_7_DAYS: 7 * 24 * HOUR };

export const TYPE_LABEL: Record<string, string> = {
  LAST_24_HOURS: 'Last 24 hours',
  LAST_7_DAYS: 'Last 7 days',
  CUSTOM: 'Custom',
};

const two = (n: number) => String(n).padStart(2, '0');

/** A time as the account's format writes it. */
export function writeDate(ms: number) {
  const d = new Date(ms);
  const day = `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  return `${day} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** A typed date, or null when it is no date in the account's format. */
export function readDate(text: string): number | null {
  const match = /^(\d\d)-(\d\d)-(\d{4}) (\d\d):(\d\d)$/.exec(text);
  if (!match) return null;
  const [day, month, year, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hours, minutes);
  return writeDate(ms) === text ? ms : null;
}

/** From, to and the comparison's start of an interval at `now`, as the history query asks them. */
export function rangeOf(interval: WidgetInterval, now = PATH_NOW): [string, string, string | null] {
  const from = interval.type === 'CUSTOM' ? Date.parse(interval.start!) : now - PRESET_MS[interval.type]!;
  const to = interval.type === 'CUSTOM' ? Date.parse(interval.end!) : now;
  const { compareTo } = interval;
  const compareFrom = compareTo ? from - compareTo.value * UNIT_MS[compareTo.unit] : null;
  const iso = (ms: number) => new Date(ms).toISOString();
  return [iso(from), iso(to), compareFrom === null ? null : iso(compareFrom)];
}

/** The range as a chart's header names it: the preset or the custom dates, and the comparison. */
export function rangeText(interval: WidgetInterval) {
  const range =
    interval.type === 'CUSTOM'
      ? `${writeDate(Date.parse(interval.start!))} – ${writeDate(Date.parse(interval.end!))}`
      : TYPE_LABEL[interval.type]!;
  const { compareTo } = interval;
  if (!compareTo) return range;
  const unit = compareTo.unit === 'HOURS' ? 'hour' : 'day';
  return `${range}, compared with ${compareTo.value} ${unit}${compareTo.value === 1 ? '' : 's'} earlier`;
}
