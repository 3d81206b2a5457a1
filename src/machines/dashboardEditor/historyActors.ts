import {
  historyNeedOf,
  historySeriesOf,
  isInvalidWidget,
  type HistorySeriesRequest,
  type OpenedDashboard,
  type WidgetElement,
} from '#contracts';
import type { HistoryConfig } from '../historyQuery/historyQuery.events';
import type { HistoryQueryActor } from '../historyQuery/historyQuery.selectors';
import type { DashboardEditorContext } from './dashboardEditor.context';

/**
 * When the buffer each series reads started (its own buffer's, else the line's buffer of that PC number). A buffer
 * still asked of the save (CREATE_BUFFER) has not started: once the save creates it, the start appears, the config
 * changes and the widget queries again.
 */
function sampleStartsOf(
  elements: readonly WidgetElement[],
  series: readonly HistorySeriesRequest[],
): Record<string, number> {
  const starts: Record<string, number> = {};
  for (const { id, pcNumber } of series) {
    const element = elements.find((candidate) => candidate.id === id);
    const asked = element?.buffer?.status === 'CREATE_BUFFER';
    const own = element?.buffer?.pcNumber === pcNumber && !asked ? element.buffer.start : null;
    const start = asked
      ? null
      : (own ?? element?.availableBuffers.find((b) => b.pcNumber === pcNumber)?.start);
    const ms = start ? Date.parse(start) : NaN;
    if (Number.isFinite(ms)) starts[id] = ms;
  }
  return starts;
}

/**
 * The history query of each widget of the draft that reads history (historyNeedOf), by widget id: what the
 * dashboard editor keeps one history query actor for, as it keeps the socket subscriptions of live widgets.
 */
export function historyConfigs(
  draft: OpenedDashboard | null,
  defaultPcNumber: number,
): Map<string, HistoryConfig> {
  const configs = new Map<string, HistoryConfig>();
  for (const widget of draft?.widgets ?? []) {
    if (isInvalidWidget(widget)) continue;
    const need = historyNeedOf(widget);
    if (!need) continue;
    const series = historySeriesOf(widget.elements, defaultPcNumber);
    configs.set(widget.id, { series, ...need, sampleStarts: sampleStartsOf(widget.elements, series) });
  }
  return configs;
}

/** The id of a widget's history query actor among the dashboard editor's children. */
export const historyActorId = (widgetId: string) => `history:${widgetId}`;

/** The range a widget's history shows (its last answer), for a download of what is on screen. */
export function shownRange(actor: HistoryQueryActor | undefined): { from: string; to: string } | null {
  const result = actor?.getSnapshot().context.result;
  return result ? { from: result.from, to: result.to } : null;
}

/** The part of the dashboard editor's snapshot the selector reads. */
type DashboardEditorSnapshot = { context: Pick<DashboardEditorContext, 'history'> };

/** The history query actor of a widget (null for a widget of live values only); the same ref while it lives. */
export const selectHistoryActor =
  (widgetId: string) =>
  (s: DashboardEditorSnapshot): HistoryQueryActor | null =>
    s.context.history[widgetId] ?? null;
