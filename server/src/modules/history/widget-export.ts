import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import * as v from 'valibot';
import {
  compareRangeStart,
  HistoryQuery,
  historyNeedOf,
  historySeriesOf,
  resolveWidgetRange,
  type HistoryResult,
  type Widget,
  type WidgetDownloadBody,
  type WidgetElement,
  type WidgetExportType,
} from '#contracts';
import type { Clock } from '../../clock';
import { validationFailed } from '../../http/contracts';
import type { AccountService } from '../account/service';
import type { AuthSession } from '../auth/service';
import { csvField } from '../dashboards/widget-download';
import { MINUTE_MS } from './packing';
import type { HistoryService } from './service';

/**
 * The download of a widget of history: its series over the range it shows (what the SPA sends, else its own
 * interval in the user's time zone) at the points it shows, the same query as the widget's.
 */
export function createWidgetExport(deps: {
  query: HistoryService['query'];
  account: Pick<AccountService, 'get'>;
  clock: Clock;
}) {
  /** The file's text, or null for a widget of live values (downloaded as such). */
  return async function exportWidget(
    session: AuthSession,
    widget: Widget,
    body: WidgetDownloadBody,
    type: WidgetExportType,
  ): Promise<string | null> {
    const need = historyNeedOf(widget);
    if (!need) return null;
    const timeZone = body.timeZone ?? 'UTC';
    const shown = resolveWidgetRange(need.interval, deps.clock.now().getTime(), timeZone);
    const from = body.from && body.to ? Date.parse(body.from) : shown.from;
    const to = body.from && body.to ? Date.parse(body.to) : shown.to;
    const compareTo = need.interval.compareTo;
    const settings = await deps.account.get(session.tenant.id, session.user.id);
    // Elements using the default PC number read the user's default, as the widget on screen does.
    const series = historySeriesOf(widget.elements as WidgetElement[], settings.defaultPcNumber);
    const request = v.safeParse(HistoryQuery, {
      series,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      compareFrom: compareTo ? new Date(compareRangeStart(from, compareTo, timeZone)).toISOString() : null,
      maxPoints: need.maxPoints,
    });
    // A widget without a readable element downloads as an empty table, not as an error.
    if (!request.success && series.length > 0) throw validationFailed(request.issues[0]);
    const result: HistoryResult = request.success
      ? await deps.query(session, request.output, { forbiddenPcNumber: 'mark' })
      : {
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          compareFrom: null,
          resolutionMs: 0,
          series: [],
        };
    if (type === 'JSON') return JSON.stringify(result, null, 2);
    const labels = new Map(widget.elements.map((e) => [e.id, e.name ?? e.label]));
    return historyCsv(result, (id, name) => labels.get(id) ?? name ?? '', settings.dateFormat, timeZone);
  };
}

export type WidgetExport = ReturnType<typeof createWidgetExport>;

/**
 * One row a bucket: its start in the user's date format and time zone (a daylight-saving change shows as the
 * jump it is), the same instant in UTC (which tells the repeated hour of autumn apart), then each series' bucket
 * average, and the comparison's when there is one.
 */
function historyCsv(
  result: HistoryResult,
  labelOf: (id: string, lineName: string | null) => string,
  dateFormat: string,
  timeZone: string,
): string {
  const pattern =
    result.resolutionMs > 0 && result.resolutionMs < MINUTE_MS ? `${dateFormat}:ss` : dateFormat;
  const columns = result.series.map((s) => ({ label: labelOf(s.id, s.name), points: s.points }));
  for (const s of result.series) {
    if (s.compare) columns.push({ label: `${labelOf(s.id, s.name)} (compare)`, points: s.compare.points });
  }
  const times = result.series.find((s) => s.points.t.length > 0)?.points.t ?? [];
  const header = [`Time (${timeZone})`, 'UTC', ...columns.map((c) => c.label)];
  const rows = times.map((t, i) => [
    format(new TZDate(t, timeZone), pattern),
    new Date(t).toISOString(),
    ...columns.map((c) => c.points.avg[i] ?? null),
  ]);
  const records = [header, ...rows].map((record) => record.map(csvField).join(','));
  return `${records.join('\r\n')}\r\n`;
}
