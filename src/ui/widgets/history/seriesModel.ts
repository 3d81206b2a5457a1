import {
  isOneOf,
  type HistoryPoints,
  type HistoryResult,
  type HistorySeries,
  type HistoryStats,
  type Widget,
  type WidgetElement,
} from '#contracts';
import { seriesColour } from '../charts/theme';
import { formatNumber, withUnit } from './format';

/** How a chart lays its series out: one set of axes, two y axes, or one grid per element stacked. */
export type ChartLayout = 'shared' | 'dualAxis' | 'stacked';

export const SERIE_TYPES = ['line', 'area', 'step', 'bar'] as const;
type SerieType = (typeof SERIE_TYPES)[number];
/** y axes an element may use: 0 left, 1 right, 2 a second left, 3 a second right. */
export const Y_AXIS_NUMBERS = [0, 1, 2, 3] as const;

/** One element's history as a chart draws it. */
export interface SeriesModel {
  id: string;
  label: string;
  unit: string | null;
  /** A line of states: its values' labels by index (drawn as steps between them); null for numbers. */
  options: { label: string; index: number }[] | null;
  status: HistorySeries['status'];
  colour: string;
  serieType: SerieType;
  /** The y scale it is drawn against ('y0', 'y1'…). */
  axis: string;
  /** Whether its axis is shown (the widget's showAxis and the element's). */
  showAxis: boolean;
  points: HistoryPoints;
  stats: HistoryStats;
  compare: { points: HistoryPoints; stats: HistoryStats } | null;
  overlays: { average: boolean; highest: boolean; lowest: boolean };
  /** How a tooltip tells its difference to the comparison. */
  tooltip: WidgetElement['compareTypeTooltip'];
}

const serieTypeOf = (value: string): SerieType => (isOneOf(SERIE_TYPES, value) ? value : 'line');

function axisOf(element: WidgetElement, index: number, layout: ChartLayout): string {
  if (layout === 'stacked') return `y${index}`;
  const number = Math.min(Math.max(element.yAxisNumber, 0), layout === 'dualAxis' ? 1 : 3);
  return `y${number}`;
}

/**
 * The series of a chart widget, in its elements' order: each element with the answer for it (an element
 * without a whole line address has none and is left out). Overlays and the tooltip comparison are the
 * element's own or the widget's; the colour is the element's, else the widget default, else the palette's.
 */
export function seriesModels(
  widget: Widget,
  result: HistoryResult,
  labelOf: (element: WidgetElement, series: HistorySeries) => string,
  themeColour: string,
  layout: ChartLayout,
): SeriesModel[] {
  const byId = new Map(result.series.map((series) => [series.id, series]));
  return widget.elements.flatMap((element, index) => {
    const series = byId.get(element.id);
    if (!series) return [];
    return [
      {
        id: element.id,
        label: labelOf(element, series),
        unit: series.unit ?? element.unit,
        options: series.options?.length ? series.options : null,
        status: series.status,
        colour: element.color ?? widget.defaultColor ?? seriesColour(index, themeColour),
        serieType: serieTypeOf(element.serieType),
        axis: axisOf(element, index, layout),
        showAxis: widget.showAxis && element.showAxis,
        points: series.points,
        stats: series.stats,
        compare: series.compare,
        overlays: {
          average: widget.showAverageValue || element.showAverageValue,
          highest: widget.showHighestValue || element.showHighestValue,
          lowest: widget.showLowestValue || element.showLowestValue,
        },
        tooltip:
          element.compareTypeTooltip !== 'NONE' ? element.compareTypeTooltip : widget.compareTypeTooltip,
      },
    ];
  });
}

/** The last value of a series (null when it has none in the range). */
export function latestValue(points: HistoryPoints): number | null {
  for (let index = points.avg.length - 1; index >= 0; index--) {
    const value = points.avg[index];
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

/** Whether a bucket of the series holds more than one value: a band from min to max shows what it hides. */
export const hasSpread = (points: HistoryPoints) =>
  points.min.some((min, index) => min !== null && points.max[index] !== null && min !== points.max[index]);

/** A line of two states (closed or open, off or on): its average is the share of time in the second. */
export const isTwoStates = (model: Pick<SeriesModel, 'options'>) => model.options?.length === 2;

/**
 * A value of a series as an operator reads it: a state's label ('Open') where the value is one of the line's
 * states; for two states, a share of time in the second ('Open 25 %'); else the number with its unit in the
 * decimals of `locale`.
 */
export function seriesValueText(
  model: Pick<SeriesModel, 'unit' | 'options'>,
  value: number,
  locale: string,
): string {
  const state = model.options?.find((option) => option.index === value);
  if (state) return state.label;
  const [first, second] = model.options ?? [];
  if (isTwoStates(model) && first && second) {
    const share = (value - first.index) / (second.index - first.index);
    return `${second.label} ${formatNumber(Math.round(share * 100), locale)} %`;
  }
  return withUnit(value, model.unit, locale);
}
