import type { Locale } from 'date-fns';
import {
  Ticks,
  type ChartData,
  type ChartDataset,
  type ChartOptions,
  type Scale,
  type Tick,
  type TooltipItem,
} from 'chart.js';
import { DEFAULT_LOCALE } from '../../../i18n/messages';
import type { Annotation, HistoryPoints } from '#contracts';
import type { AnnotationOptions } from 'chartjs-plugin-annotation';
import { markAreasOf, overlaysOf } from './chartAnnotations';
import type { ChartTexts } from './chartTexts';
import { withAlpha } from '../charts/theme';
import { formatNumber, withUnit } from './format';
import { hasSpread, isTwoStates, seriesValueText, type ChartLayout, type SeriesModel } from './seriesModel';

export type MixedType = 'line' | 'bar';
export interface Point {
  x: number;
  y: number | null;
}
type Dataset = ChartDataset<MixedType, Point[]>;

/** What each dataset draws: a series, its comparison, or the min–max band of its buckets. */
export interface DatasetRole {
  kind: 'main' | 'compare' | 'envelope';
  series: number;
}

export interface ChartInput {
  series: readonly SeriesModel[];
  layout: ChartLayout;
  /** The range shown, ms: the time axis spans exactly it. */
  from: number;
  to: number;
  markAreas: readonly Annotation[];
  /** Alarm marks asked for by the user (alarmMarksOf), drawn over the mark areas. */
  alarmMarks?: readonly AnnotationOptions[];
  texts: ChartTexts;
  /** The user's date format (date-fns pattern): tooltips and day ticks read as the user writes dates. */
  dateFormat: string;
  /** The interface's language, whose decimals values, ticks and tooltips are written in; English if not given. */
  locale?: string;
  /** date-fns' words of that language, for ticks that name months; date-fns' English if not given. */
  dateLocale?: Locale;
}

const pointsOf = (points: HistoryPoints, values: readonly (number | null)[]): Point[] =>
  points.t.map((x, index) => ({ x, y: values[index] ?? null }));

/**
 * What a series draws of each bucket, as steps for a line of states: its average, which for two states (a door)
 * is the share of the bucket spent in the second (open); for more states (defrost phases), whose average is no
 * state, the highest state the bucket held.
 */
const drawnValues = (model: SeriesModel, points: HistoryPoints) =>
  model.options && !isTwoStates(model) ? points.max : points.avg;

// Drawing order: lower is drawn on top, so the comparison lies under the series and the band under both.
const ORDER = { main: 1, compare: 2, envelope: 3 } as const;

function datasetsOf(series: readonly SeriesModel[], texts: ChartTexts) {
  const datasets: Dataset[] = [];
  const roles: DatasetRole[] = [];
  const add = (dataset: Dataset, role: DatasetRole) => {
    datasets.push(dataset);
    roles.push(role);
  };
  series.forEach((model, index) => {
    const common = { yAxisID: model.axis, pointRadius: 0, borderWidth: 1.5, spanGaps: false } as const;
    const stepped = model.serieType === 'step' || model.options !== null;
    add(
      {
        ...common,
        type: model.serieType === 'bar' ? 'bar' : 'line',
        label: model.label,
        data: pointsOf(model.points, drawnValues(model, model.points)),
        borderColor: model.colour,
        backgroundColor: model.serieType === 'bar' ? model.colour : withAlpha(model.colour, 0.2),
        fill: model.serieType === 'area' ? 'origin' : false,
        stepped,
        order: ORDER.main,
      } as Dataset,
      { kind: 'main', series: index },
    );
    if (model.compare) {
      add(
        {
          ...common,
          type: 'line',
          label: texts.comparison(model.label),
          data: pointsOf(model.compare.points, drawnValues(model, model.compare.points)),
          borderColor: withAlpha(model.colour, 0.55),
          borderDash: [4, 3],
          stepped,
          order: ORDER.compare,
        },
        { kind: 'compare', series: index },
      );
    }
    // A band of states would fill the space between them wherever a bucket held two: the steps say it all.
    if (model.serieType !== 'bar' && !model.options && hasSpread(model.points)) {
      const band = { ...common, type: 'line', borderWidth: 0, order: ORDER.envelope } as const;
      // The top edge fills down to the next dataset, the bottom edge.
      add(
        {
          ...band,
          label: texts.envelope(model.label),
          data: pointsOf(model.points, model.points.max),
          backgroundColor: withAlpha(model.colour, 0.15),
          fill: '+1',
        },
        { kind: 'envelope', series: index },
      );
      add(
        { ...band, label: texts.envelope(model.label), data: pointsOf(model.points, model.points.min) },
        { kind: 'envelope', series: index },
      );
    }
  });
  return { datasets, roles };
}

type Scales = NonNullable<ChartOptions<MixedType>['scales']>;

/** Room above and below a line of states, so its steps do not run along the grid's edges. */
const STATE_MARGIN = 0.3;

/**
 * The y axis of a line of states: one tick a state, labelled with its name ('Closed', 'Open'), nothing between.
 * Null for an axis shared by numbers or by lines of other states.
 */
function statesAxis(models: readonly SeriesModel[]) {
  const states = models[0]!.options;
  if (!states || models.some((model) => JSON.stringify(model.options) !== JSON.stringify(states)))
    return null;
  const indexes = states.map((state) => state.index);
  return {
    min: Math.min(...indexes) - STATE_MARGIN,
    max: Math.max(...indexes) + STATE_MARGIN,
    afterBuildTicks: (scale: Scale) => {
      scale.ticks = indexes.map((value) => ({ value }));
    },
    ticks: {
      autoSkip: false,
      callback: (value: string | number) =>
        states.find((state) => state.index === Number(value))?.label ?? '',
    },
  };
}

/**
 * The y scales: one per axis used, titled with its series' units; stacked grids share the height, the first
 * element's on top as it is listed.
 */
function scalesOf(series: readonly SeriesModel[], layout: ChartLayout): Scales {
  const axes = new Map<string, SeriesModel[]>();
  for (const model of series) axes.set(model.axis, [...(axes.get(model.axis) ?? []), model]);
  const scales: Scales = {};
  // chart.js stacks the scales of a stack from the bottom up in the order they are given.
  const order = layout === 'stacked' ? [...axes.keys()].reverse() : [...axes.keys()];
  const bottom = order[0];
  for (const axis of order) {
    const models = axes.get(axis)!;
    const number = Number(axis.slice(1));
    const units = [...new Set(models.map((model) => model.unit).filter((unit) => unit))].join(', ');
    const states = statesAxis(models);
    scales[axis] = {
      type: 'linear',
      position: layout !== 'stacked' && number % 2 === 1 ? 'right' : 'left',
      display: models.some((model) => model.showAxis),
      title: { display: units !== '' && !states, text: units },
      ...(states && { min: states.min, max: states.max, afterBuildTicks: states.afterBuildTicks }),
      // With several axes, each axis' ticks take its (first) series' colour so values are read against the right one.
      ticks: {
        // A stacked grid is a slice of the height: fewer ticks, so their labels keep apart.
        maxTicksLimit: layout === 'stacked' ? 4 : 6,
        ...(layout === 'shared' ? {} : { color: models[0]!.colour }),
        // Stacked grids touch: a grid's lowest label would sit on the highest of the grid below, so only the
        // bottom grid labels its lowest tick; the others are written as chart.js writes them, in the chart's
        // locale.
        ...(layout === 'stacked' && axis !== bottom && !states
          ? {
              callback(this: Scale, value: string | number, index: number, ticks: Tick[]) {
                return index === 0 ? '' : Ticks.formatters.numeric.call(this, Number(value), index, ticks);
              },
            }
          : {}),
        ...states?.ticks,
      },
      // Only the first axis draws grid lines across the chart, so two axes do not cross-hatch it.
      grid: { drawOnChartArea: layout === 'stacked' || number === 0 },
      ...(layout === 'stacked' ? { stack: 'grids', stackWeight: 1 } : {}),
    };
  }
  return scales;
}

/** A series' value and, when asked, its difference to the comparison at the same time. */
function tooltipCallbacks(
  series: readonly SeriesModel[],
  roles: readonly DatasetRole[],
  texts: ChartTexts,
  locale: string,
) {
  const modelOf = (item: TooltipItem<MixedType>) => series[roles[item.datasetIndex]!.series]!;
  return {
    label: (item: TooltipItem<MixedType>) => {
      const y = (item.raw as Point).y;
      return `${item.dataset.label ?? ''}: ${y === null ? '—' : seriesValueText(modelOf(item), y, locale)}`;
    },
    afterLabel: (item: TooltipItem<MixedType>) => {
      const model = modelOf(item);
      if (roles[item.datasetIndex]!.kind !== 'main' || !model.compare || model.tooltip === 'NONE') return '';
      if (model.options) return '';
      const value = (item.raw as Point).y;
      const reference = model.compare.points.avg[item.dataIndex] ?? null;
      if (value === null || reference === null) return '';
      const percent = model.tooltip === 'PERCENTAGE';
      if (percent && reference === 0) return '';
      const delta = percent ? ((value - reference) / Math.abs(reference)) * 100 : value - reference;
      const sign = delta > 0 ? '+' : '';
      return texts.difference(
        percent ? `${sign}${formatNumber(delta, locale)} %` : `${sign}${withUnit(delta, model.unit, locale)}`,
      );
    },
  };
}

/** Ranges longer than this are drawn against days. */
const MULTI_DAY_MS = 36 * 60 * 60_000;

/**
 * Time ticks on the 24-hour clock, days in the order of the user's format without the year ('dd-LL' for
 * 'dd-LL-yyyy HH:mm', 'LL-dd' for the others), months by their name in the language.
 */
function tickFormats(dateFormat: string) {
  const day = dateFormat.replace(/\s*HH:mm$/, '').replace(/-?yyyy-?/, '');
  return { minute: 'HH:mm', hour: 'HH:mm', day, week: day, month: 'LLL yyyy', quarter: 'LLL yyyy' };
}

/** chart.js data and options of a history chart (the plugins used are registered by HistoryChart). */
export function chartConfig({
  series,
  layout,
  from,
  to,
  markAreas,
  alarmMarks = [],
  texts,
  dateFormat,
  locale = DEFAULT_LOCALE,
  dateLocale,
}: ChartInput) {
  const { datasets, roles } = datasetsOf(series, texts);
  const data: ChartData<MixedType, Point[]> = { datasets };
  const options: ChartOptions<MixedType> = {
    // Nothing tweens: a dashboard of several charts paints at once, and the live tail redraws in place.
    animation: false,
    maintainAspectRatio: false,
    // chart.js writes its own number ticks in this language.
    locale,
    // Data comes sorted as {x, y}: chart.js need not parse or sort it.
    parsing: false,
    normalized: true,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        type: 'time',
        min: from,
        max: to,
        ticks: { maxRotation: 0, autoSkipPadding: 12 },
        // A range of more than a day and a half is told by its days (or weeks, months), never by the same
        // hours over and over; a shorter one by its hours.
        time: {
          tooltipFormat: dateFormat,
          displayFormats: tickFormats(dateFormat),
          ...(to - from > MULTI_DAY_MS ? { minUnit: 'day' as const } : {}),
        },
        adapters: { date: { locale: dateLocale } },
      },
      ...scalesOf(series, layout),
    },
    plugins: {
      legend: {
        display: layout !== 'stacked' && series.length > 1,
        position: 'bottom',
        labels: { boxWidth: 12, filter: (item) => roles[item.datasetIndex ?? 0]?.kind !== 'envelope' },
      },
      tooltip: {
        filter: (item) => roles[item.datasetIndex]?.kind !== 'envelope',
        callbacks: tooltipCallbacks(series, roles, texts, locale),
      },
      annotation: {
        annotations: [...markAreasOf(markAreas), ...alarmMarks, ...overlaysOf(series, texts, locale)],
      },
    },
  };
  return { data, options, roles };
}
