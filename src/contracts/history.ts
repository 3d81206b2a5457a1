import * as v from 'valibot';
import { HEXACODE, instant } from './common';

/**
 * History: buffers record one line of one device for one PC number at a fixed interval from a start time; one
 * query serves every historical widget and the CSV download.
 *
 * Intervals are in seconds. A user's `minBufferInterval` setting (default 288 s, just under five minutes) is the
 * shortest interval they may give a buffer.
 */
export const PC_NUMBER_MIN = 1;
export const PC_NUMBER_MAX = 99;
export const BUFFER_INTERVAL_MAX_S = 24 * 60 * 60;
/** Element buffer statuses (SPEC §4): CREATE_BUFFER asks the dashboard save to create or change it. */
export const BUFFER_STATUSES = ['OK', 'CREATE_BUFFER', 'BUFFER_NOT_PRESENT'] as const;
export type BufferStatus = (typeof BUFFER_STATUSES)[number];

/** At most this many buckets per series: about what a chart can show; the server never returns more. */
export const HISTORY_MAX_POINTS = 2000;
/** The longest range one query may ask for: a year and a month. */
export const HISTORY_MAX_RANGE_DAYS = 400;
/** Most series one query may ask for (a widget's elements). */
export const HISTORY_MAX_SERIES = 24;

export const pcNumber = v.pipe(
  v.number('PC number must be a number'),
  v.integer('PC number must be an integer'),
  v.minValue(PC_NUMBER_MIN, `PC number must be between ${PC_NUMBER_MIN} and ${PC_NUMBER_MAX}`),
  v.maxValue(PC_NUMBER_MAX, `PC number must be between ${PC_NUMBER_MIN} and ${PC_NUMBER_MAX}`),
);
export const bufferInterval = v.pipe(
  v.number('Interval must be a number'),
  v.integer('Interval must be a whole number of seconds'),
  v.minValue(1, 'Interval must be at least 1 second'),
  v.maxValue(BUFFER_INTERVAL_MAX_S, 'Interval must be at most one day'),
);

/** A buffer of a line, as lines list them (`availableBuffers`). */
export const AvailableBuffer = v.object({
  pcNumber,
  /** Seconds between samples. */
  interval: bufferInterval,
  /** When recording started: samples fall at start + k × interval. */
  start: instant('Start'),
});
export type AvailableBuffer = v.InferOutput<typeof AvailableBuffer>;

/** The line a series reads, and the PC number whose buffer it reads. */
export const HistorySeriesRequest = v.object({
  /** Echoed back: the widget element's id. */
  id: v.pipe(v.string(), v.nonEmpty('id is required'), v.maxLength(64)),
  hexacode: v.pipe(v.string(), v.regex(HEXACODE, 'hexacode is invalid')),
  department: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  subDepartment: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)),
  line: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)),
  pcNumber,
});
export type HistorySeriesRequest = v.InferOutput<typeof HistorySeriesRequest>;

const DAY_MS = 24 * 60 * 60_000;

/** POST /api/v2/history/query */
export const HistoryQuery = v.pipe(
  v.object({
    series: v.pipe(
      v.array(HistorySeriesRequest),
      v.minLength(1, 'series needs at least one element'),
      v.maxLength(HISTORY_MAX_SERIES, `series may have at most ${HISTORY_MAX_SERIES} elements`),
    ),
    from: instant('From'),
    to: instant('To'),
    /** Start of the comparison range (as long as the main one); its points are shifted onto the main range. */
    compareFrom: v.optional(v.nullable(instant('Compare from')), null),
    maxPoints: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(HISTORY_MAX_POINTS)),
      1000,
    ),
  }),
  v.forward(
    v.check((q) => Date.parse(q.to) > Date.parse(q.from), 'To value must be after From'),
    ['to'],
  ),
  v.forward(
    v.check(
      (q) => Date.parse(q.to) - Date.parse(q.from) <= HISTORY_MAX_RANGE_DAYS * DAY_MS,
      `The range may be at most ${HISTORY_MAX_RANGE_DAYS} days`,
    ),
    ['to'],
  ),
);
export type HistoryQuery = v.InferOutput<typeof HistoryQuery>;
export type HistoryQueryInput = v.InferInput<typeof HistoryQuery>;

/**
 * Buckets of one series, as columns: bucket start times (ms since epoch) and each bucket's average, minimum and
 * maximum (null for a bucket without samples: a gap, never an invented value), so spikes survive downsampling.
 */
export const HistoryPoints = v.object({
  t: v.array(v.number()),
  avg: v.array(v.nullable(v.number())),
  min: v.array(v.nullable(v.number())),
  max: v.array(v.nullable(v.number())),
});
export type HistoryPoints = v.InferOutput<typeof HistoryPoints>;

export const HISTORY_SERIES_STATUSES = [
  'OK',
  'BUFFER_NOT_PRESENT',
  'DEVICE_NOT_FOUND',
  'LINE_NOT_PRESENT',
  'UNAUTHORIZED',
] as const;

/** Lowest, highest and average value over the whole range (null without samples). */
export const HistoryStats = v.object({
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  avg: v.nullable(v.number()),
});
export type HistoryStats = v.InferOutput<typeof HistoryStats>;

export const HistorySeries = v.object({
  id: v.string(),
  status: v.picklist(HISTORY_SERIES_STATUSES),
  /** The line's name and unit from its ADF (null when the line is unknown), in the caller's language. */
  name: v.nullable(v.string()),
  unit: v.nullable(v.string()),
  /**
   * A line of states (door closed or open, defrost phases): each value's label, by the index the buffer
   * records; null for a numeric line.
   */
  options: v.optional(v.nullable(v.array(v.object({ label: v.string(), index: v.number() }))), null),
  /** Seconds between the buffer's samples (null without a buffer). */
  interval: v.nullable(v.number()),
  points: HistoryPoints,
  stats: HistoryStats,
  /** The comparison range's buckets, shifted onto the main range's times; null without a comparison. */
  compare: v.nullable(v.object({ points: HistoryPoints, stats: HistoryStats })),
});
export type HistorySeries = v.InferOutput<typeof HistorySeries>;

export const HistoryResult = v.object({
  from: v.string(),
  to: v.string(),
  compareFrom: v.nullable(v.string()),
  /** Width of a bucket, ms: the buffer interval, or wider so no series has more than maxPoints buckets. */
  resolutionMs: v.number(),
  series: v.array(HistorySeries),
});
export type HistoryResult = v.InferOutput<typeof HistoryResult>;
