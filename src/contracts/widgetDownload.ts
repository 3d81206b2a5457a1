import { TZDate } from '@date-fns/tz';
import { startOfMonth, subDays, subHours, subMonths } from 'date-fns';
import * as v from 'valibot';
import { instant } from './common';
import type { CompareRange, WidgetInterval } from './widgets/common';

/*
 * POST /api/v2/dashboards/widgets/download?exportType=CSV|JSON&fileName=… with body {dashboardId, widgetId} (and for
 * a widget of history its range and time zone): the widget's elements with their current values, as a CSV or
 * JSON attachment; for a widget of history (historyNeedOf) its history over the range: CSV one row a bucket time
 * (in the user's date format and time zone, with the UTC time beside it) and one column an element, of bucket
 * averages; JSON the HistoryResult.
 */

export const WIDGET_EXPORT_TYPES = ['CSV', 'JSON'] as const;
export type WidgetExportType = (typeof WIDGET_EXPORT_TYPES)[number];

export const WidgetDownloadQuery = v.object({
  exportType: v.picklist(WIDGET_EXPORT_TYPES, 'exportType must be CSV or JSON'),
  /** Without it, the widget's name; either way sanitised and given the type's extension. */
  fileName: v.optional(v.string()),
});
export type WidgetDownloadQuery = v.InferOutput<typeof WidgetDownloadQuery>;

const id = v.pipe(v.string('Id is required'), v.nonEmpty('Id is required'));
/**
 * A widget of history is downloaded over the range it shows (`from`, `to`, as resolved by the SPA, a zoom
 * included), its times written in the browser's IANA `timeZone`; without them, the widget's own interval.
 */
export const WidgetDownloadBody = v.object({
  dashboardId: id,
  widgetId: id,
  from: v.optional(instant('From')),
  to: v.optional(instant('To')),
  timeZone: v.optional(
    v.pipe(
      v.string(),
      v.nonEmpty('Time zone is invalid'),
      v.maxLength(64),
      v.check(isTimeZone, 'Time zone is invalid'),
    ),
  ),
});
export type WidgetDownloadBody = v.InferOutput<typeof WidgetDownloadBody>;

/** Whether `zone` is an IANA time zone this runtime knows ('Europe/Copenhagen', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

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
 * "Last 24 hours" is 24 real hours. A custom range without both dates falls back to the last 24 hours. The SPA
 * resolves what a widget shows with it, the server a download that names no range.
 */
export function resolveWidgetRange(interval: WidgetInterval, now: number, timeZone: string): ResolvedRange {
  const local = new TZDate(now, timeZone);
  const [from, to] = boundsOf(interval, local, now);
  return {
    from,
    to,
    compareFrom: interval.compareTo ? compareRangeStart(from, interval.compareTo, timeZone) : null,
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
export function compareRangeStart(from: number, compare: CompareRange, timeZone: string): number {
  return compare.unit === 'HOURS'
    ? subHours(from, compare.value).getTime()
    : subDays(new TZDate(from, timeZone), compare.value).getTime();
}

/** One element of the widget with its line's current value. */
export const WidgetValueRow = v.object({
  /** The element's custom label, else the line's name. */
  label: v.string(),
  lineName: v.nullable(v.string()),
  device: v.nullable(v.string()),
  hexacode: v.nullable(v.string()),
  department: v.nullable(v.number()),
  subDepartment: v.nullable(v.number()),
  departmentName: v.nullable(v.string()),
  page: v.nullable(v.number()),
  line: v.nullable(v.number()),
  value: v.nullable(v.string()),
  unit: v.nullable(v.string()),
  status: v.string(),
});
export type WidgetValueRow = v.InferOutput<typeof WidgetValueRow>;

export const WidgetValues = v.object({
  dashboardId: v.string(),
  widget: v.object({ id: v.string(), name: v.string(), type: v.string() }),
  exportedAt: v.string(),
  elements: v.array(WidgetValueRow),
});
export type WidgetValues = v.InferOutput<typeof WidgetValues>;
