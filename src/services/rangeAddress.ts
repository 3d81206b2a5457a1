import * as v from 'valibot';
import { HISTORY_MAX_RANGE_DAYS, widgetInterval, type WidgetInterval } from '#contracts';

/**
 * The ranges chosen for the widgets of the open dashboard, kept in its address (`?range.<widget id>=…`), so a
 * reload, a bookmark or a link sent to a colleague shows them again.
 */
export interface RangeAddress {
  read(widgetId: string): WidgetInterval | null;
  /** Writes the widget's range in place of the current address (no new history entry); null removes it. */
  write(widgetId: string, interval: WidgetInterval | null): void;
}

const KEY = (widgetId: string) => `range.${widgetId}`;
/** TYPE, a CUSTOM range's start and end, and the comparison's offset: 'LAST_7_DAYS~7DAYS'. */
const FORMAT = /^([A-Z0-9_]+)(?:~([^~]+)~([^~]+))?(?:~(\d{1,3})(HOURS|DAYS))?$/;
const DAY_MS = 24 * 60 * 60_000;

function encodeRange(interval: WidgetInterval): string {
  const span = interval.type === 'CUSTOM' ? `~${interval.start ?? ''}~${interval.end ?? ''}` : '';
  const compare = interval.compareTo ? `~${interval.compareTo.value}${interval.compareTo.unit}` : '';
  return `${interval.type}${span}${compare}`;
}

/** The range an address holds, or null for anything else (an edited or truncated link is ignored). */
export function decodeRange(text: string): WidgetInterval | null {
  const match = FORMAT.exec(text);
  if (!match) return null;
  const [, type, start, end, value, unit] = match;
  const parsed = v.safeParse(widgetInterval(), {
    type,
    start: start ?? null,
    end: end ?? null,
    compareTo: value ? { value: Number(value), unit } : null,
  });
  if (!parsed.success) return null;
  const interval = parsed.output;
  if (interval.type !== 'CUSTOM') return { ...interval, start: null, end: null };
  const [from, to] = [Date.parse(interval.start ?? ''), Date.parse(interval.end ?? '')];
  return from < to && to - from <= HISTORY_MAX_RANGE_DAYS * DAY_MS ? interval : null;
}

/** The browser's address bar. */
export const browserRangeAddress: RangeAddress = {
  read(widgetId) {
    const text = new URLSearchParams(window.location.search).get(KEY(widgetId));
    return text === null ? null : decodeRange(text);
  },
  write(widgetId, interval) {
    const url = new URL(window.location.href);
    if (interval) url.searchParams.set(KEY(widgetId), encodeRange(interval));
    else url.searchParams.delete(KEY(widgetId));
    // The entry's state (its place in the tab's history, services/navigation.ts) stays.
    window.history.replaceState(window.history.state, '', url);
  },
};
