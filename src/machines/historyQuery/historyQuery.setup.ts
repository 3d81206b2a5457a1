import { assign, sendTo, setup } from 'xstate';
import type { HistoryResult, WidgetInterval } from '#contracts';
import { endsNow } from '../dateRange/ranges';
import type {
  AbsoluteRange,
  HistoryAnswer,
  HistoryConfig,
  HistoryQueryEvent,
  HistoryQueryInput,
  HistoryRequest,
} from './historyQuery.events';
import { tailDelay } from './tail';
import { notProvided } from '../notProvided';
import type { MarkedDevice } from '../alarmMarks/alarmMarks.events';
import { alarmMarksMachine } from '../alarmMarks/alarmMarksMachine';

export interface HistoryQueryContext {
  widgetId: string;
  config: HistoryConfig;
  /** A range chosen from the widget's header instead of its stored interval. */
  view: WidgetInterval | null;
  /** A range dragged across a chart, shown until the zoom is reset. */
  zoom: AbsoluteRange | null;
  /** The last answer, kept (and shown) while another range loads or after a failed refresh. */
  result: HistoryResult | null;
  /** When the last answer came, by the provided clock. */
  fetchedAt: number | null;
  /** The time zone ranges were resolved in (the user's), for showing times. */
  timeZone: string;
}

/** A failed query of a range that ends now is tried again after this, so a wall display heals on its own. */
export const HISTORY_RETRY_MS = 60_000;

/** What the query actor is asked: the zoom if any, else the chosen view, else the widget's interval. */
export const requestOf = ({ config, view, zoom }: HistoryQueryContext): HistoryRequest => ({
  series: config.series,
  maxPoints: config.maxPoints,
  range: zoom ? { kind: 'absolute', ...zoom } : { kind: 'interval', interval: view ?? config.interval },
});

const sameConfig = (a: HistoryConfig, b: HistoryConfig) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A zoom keeps the comparison: its range starts as far before the zoomed one as the shown comparison did
 * before the shown range.
 */
function zoomOf(result: HistoryResult | null, from: number, to: number): AbsoluteRange {
  const offset = result?.compareFrom ? Date.parse(result.from) - Date.parse(result.compareFrom) : null;
  return { from, to, compareFrom: offset === null ? null : from - offset };
}

/** The devices a chart reads, once each: its marks are asked for each. */
const devicesOf = (config: HistoryConfig): MarkedDevice[] => [
  ...new Map(
    config.series.map(({ hexacode, department, subDepartment }) => [
      `${hexacode}/${department}.${subDepartment}`,
      { hexacode, department: `${department}.${subDepartment}` },
    ]),
  ).values(),
];

/** Implementations of the history query machine (historyQueryMachine.ts holds its statechart). */
export const historyQuerySetup = setup({
  types: {
    context: {} as HistoryQueryContext,
    events: {} as HistoryQueryEvent,
    input: {} as HistoryQueryInput,
  },
  actors: {
    // Provided by the wiring (provideHistoryQuery.ts: the API client, the clock and the time zone).
    queryHistory: notProvided<HistoryAnswer, HistoryRequest>('queryHistory'),
    // The chart's alarm marks (provided with their API in provideHistoryQuery.ts).
    alarmMarks: alarmMarksMachine,
  },
  guards: {
    hasSeries: ({ context }) => context.config.series.length > 0,
    /** The shown range ends now (no zoom, a preset up to now): new samples are to be followed. */
    followsNow: ({ context }) => context.zoom === null && endsNow(context.view ?? context.config.interval),
    zoomed: ({ context }) => context.zoom !== null,
    validZoom: (_, params: { from: number; to: number }) =>
      Number.isFinite(params.from) && Number.isFinite(params.to) && params.to > params.from,
    configChanged: ({ context }, params: { config: HistoryConfig }) =>
      !sameConfig(context.config, params.config),
  },
  actions: {
    // Provided by the wiring with where chosen ranges are kept (provideHistoryQuery.ts: the address bar).
    /** The range chosen for the widget before (a reload), if one is kept. */
    restoreView: () => {},
    /** Keeps the range chosen now (none: the widget's own), so a reload shows it again. */
    rememberView: (_, _params: { widgetId: string; interval: WidgetInterval | null }) => {},
    assignAnswer: assign((_, params: { answer: HistoryAnswer }) => ({
      result: params.answer.result,
      fetchedAt: params.answer.fetchedAt,
      timeZone: params.answer.timeZone,
    })),
    /** Another range from the header: a zoom of the old one no longer applies. */
    assignView: assign((_, params: { interval: WidgetInterval | null }) => ({
      view: params.interval,
      zoom: null,
    })),
    assignZoom: assign(({ context }, params: { from: number; to: number }) => ({
      zoom: zoomOf(context.result, params.from, params.to),
    })),
    clearZoom: assign({ zoom: null }),
    /** The marks follow what the chart shows: its devices over the range of the answer. */
    tellMarksRange: sendTo('alarmMarks', ({ context }) => ({
      type: 'alarmMarks.rangeShown' as const,
      devices: devicesOf(context.config),
      from: context.result?.from ?? '',
      to: context.result?.to ?? '',
    })),
    /** An edited widget starts over from its (new) interval; answers for the old series are dropped. */
    assignConfig: assign((_, params: { config: HistoryConfig }) => ({
      config: params.config,
      view: null,
      zoom: null,
      result: null,
      fetchedAt: null,
    })),
  },
  delays: {
    tail: ({ context }) =>
      context.result && context.fetchedAt !== null
        ? tailDelay(context.result, context.fetchedAt, context.config.sampleStarts)
        : 0,
    retry: HISTORY_RETRY_MS,
  },
});
