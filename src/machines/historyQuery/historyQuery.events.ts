import type { HistoryResult, HistorySeriesRequest, WidgetInterval } from '#contracts';

/** What a widget reads from history: which series, over its stored interval (with its comparison), how finely. */
export interface HistoryConfig {
  series: HistorySeriesRequest[];
  interval: WidgetInterval;
  maxPoints: number;
  /** When the buffers the elements know started recording (ms, by series id): their samples' phase. */
  sampleStarts: Record<string, number>;
}

/** An absolute range, ms since the epoch; compareFrom starts the comparison range of the same length. */
export interface AbsoluteRange {
  from: number;
  to: number;
  compareFrom: number | null;
}

/** The range of one query: a widget interval, resolved when the query is made, or an absolute one (a zoom). */
type RangeRequest = { kind: 'interval'; interval: WidgetInterval } | ({ kind: 'absolute' } & AbsoluteRange);

/** The input of the query actor. */
export interface HistoryRequest {
  series: HistorySeriesRequest[];
  range: RangeRequest;
  maxPoints: number;
}

/** The query actor's answer: the server's result, when it came (the clock's now) and the time zone used. */
export interface HistoryAnswer {
  result: HistoryResult;
  fetchedAt: number;
  timeZone: string;
}

export interface HistoryQueryInput {
  config: HistoryConfig;
  /** The widget whose history it is: a range chosen for it is remembered under its id. */
  widgetId: string;
}

export type HistoryQueryEvent =
  /** Shows another range than the widget's (chosen from its header); null returns to the widget's own. */
  | { type: 'history.setRange'; interval: WidgetInterval | null }
  /** Zooms to a range dragged across a chart, ms since the epoch: queried again at finer resolution. */
  | { type: 'history.zoom'; from: number; to: number }
  /** Back from a zoom to the range shown before it. */
  | { type: 'history.resetZoom' }
  /** Queries again after a failure. */
  | { type: 'history.retry' }
  /** The widget was edited: what it reads may have changed. */
  | { type: 'history.configure'; config: HistoryConfig };
