import type { HistorySeriesRequest } from '../history';
import { HISTORY_MAX_POINTS, HISTORY_MAX_SERIES } from '../history';
import type { CompareRange, WidgetElement, WidgetInterval } from './common';
import type { Widget, WidgetType } from './registry';

/** PC number of an element that names none (SPEC §9: the default PC number is 1). */
export const DEFAULT_HISTORY_PC_NUMBER = 1;

/** What a widget reads from history: over which interval (with its comparison), at how many points. */
export interface HistoryNeed {
  interval: WidgetInterval;
  maxPoints: number;
}

type NeedOf<T extends WidgetType> = (widget: Extract<Widget, { type: T }>) => HistoryNeed | null;

/** About one bucket per horizontal pixel of a wide widget: finer is invisible, coarser hides spikes. */
const CHART_POINTS = 1000;
/** A sparkline is small. */
const SPARKLINE_POINTS = 200;

const chart = (widget: Widget): HistoryNeed => ({ interval: widget.interval, maxPoints: CHART_POINTS });
const CARD_HISTORY: readonly WidgetElement['compareWith'][] = [
  'AVERAGE_VALUE',
  'MIN_VALUE',
  'MAX_VALUE',
  'ANOTHER_BUFFER',
];

/**
 * What each widget type reads from history, typed over every type so a new one has to say. The historical
 * types always do; a metric card when it compares with its interval's statistics or another buffer (its own
 * comparison range, else the widget's) or draws a sparkline; a bar chart when it shows hourly or daily averages.
 * Shared with the server, whose widget download gives history over the range for exactly these widgets.
 */
const HISTORY_NEEDS: { [T in WidgetType]: NeedOf<T> } = {
  LINE: () => null,
  PAGE: () => null,
  TABLE: () => null,
  PICTOGRAPH: () => null,
  LINE_CHART: chart,
  MULTIPLE_Y_CHART: chart,
  MULTIGRID_CHART: chart,
  COLLAPSABLE_TABLE: (widget) => ({ interval: widget.interval, maxPoints: HISTORY_MAX_POINTS }),
  BAR_CHART: (widget) =>
    widget.sorting === 'ON_HOUR' || widget.sorting === 'ON_DAY'
      ? { interval: { ...widget.interval, compareTo: null }, maxPoints: HISTORY_MAX_POINTS }
      : null,
  CARD_CHART: (widget) => {
    const element = widget.elements[0];
    if (!element || (!element.showSparkline && !CARD_HISTORY.includes(element.compareWith))) return null;
    const compareTo: CompareRange | null =
      element.compareWith === 'ANOTHER_BUFFER' ? (element.compareTo ?? widget.interval.compareTo) : null;
    return { interval: { ...widget.interval, compareTo }, maxPoints: SPARKLINE_POINTS };
  },
};

/** What `widget` reads from history, or null for a widget of live values only. */
export const historyNeedOf = (widget: Widget): HistoryNeed | null =>
  (HISTORY_NEEDS[widget.type] as NeedOf<WidgetType>)(widget as never);

/**
 * The series the history query asks for: one per element with a whole line address, reading the buffer of
 * its PC number: the user's default while the element uses the default (useDefaultPcNumber), else its buffer's,
 * else its own; at most HISTORY_MAX_SERIES.
 */
export function historySeriesOf(
  elements: readonly WidgetElement[],
  defaultPcNumber: number = DEFAULT_HISTORY_PC_NUMBER,
): HistorySeriesRequest[] {
  const series: HistorySeriesRequest[] = [];
  for (const element of elements) {
    const { id, hexacode, department, subDepartment, pageNumber, lineNumber } = element;
    if (!hexacode || department === null || subDepartment === null) continue;
    if (pageNumber === null || lineNumber === null) continue;
    const pcNumber = element.useDefaultPcNumber
      ? defaultPcNumber
      : (element.buffer?.pcNumber ?? element.pcNumber ?? defaultPcNumber);
    series.push({ id, hexacode, department, subDepartment, page: pageNumber, line: lineNumber, pcNumber });
  }
  return series.slice(0, HISTORY_MAX_SERIES);
}
