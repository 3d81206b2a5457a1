import * as v from 'valibot';
import {
  HistoryQuery,
  HistoryResult,
  type HistoryQueryInput,
  type HistorySeriesRequest,
  type WidgetInterval,
} from '#contracts';
import type { HistoryConfig } from '../../src/machines/historyQuery/historyQuery.events';

export const HOUR_MS = 60 * 60_000;
/** 12 March 2025, 12:00 UTC: the clock of the history tests. */
export const NOON = Date.parse('2025-03-12T12:00:00.000Z');

/** The cold room's air temperature (CC-410 1A0105, department 1.0, page 1 line 1) on PC number 1. */
export const airSeries: HistorySeriesRequest = {
  id: 'air',
  hexacode: '1A0105',
  department: 1,
  subDepartment: 0,
  page: 1,
  line: 1,
  pcNumber: 1,
};

export const interval = (fields: Partial<WidgetInterval> = {}): WidgetInterval => ({
  start: null,
  end: null,
  type: 'LAST_24_HOURS',
  compareTo: null,
  ...fields,
});

export const historyConfig = (fields: Partial<HistoryConfig> = {}): HistoryConfig => ({
  series: [airSeries],
  interval: interval(),
  maxPoints: 1000,
  sampleStarts: {},
  ...fields,
});

/** Values of a series at a time (ms); null is a gap. */
export type ValueAt = (seriesId: string, t: number) => number | null;

/** By default a cold room around 3 °C: 2 °C at even hours, 4 °C at odd ones. */
export const coldRoomValues: ValueAt = (_, t) => (Math.floor(t / HOUR_MS) % 2 === 0 ? 2 : 4);

/**
 * What the server answers to a history query (server/src/modules/history): buckets aligned to multiples of
 * the resolution (the buffer interval, or wider to stay within maxPoints), min/max/avg a bucket, stats over
 * the range, and the comparison range's buckets shifted onto the main one. Parsed by the contracts both ways.
 */
export function historyAnswer(
  body: HistoryQueryInput,
  {
    valueAt = coldRoomValues,
    intervalS = 3600,
    units = {},
    states = {},
  }: {
    valueAt?: ValueAt;
    intervalS?: number;
    units?: Record<string, string>;
    /** Lines of states by series id: their labels; each bucket holds one state (min, max and average alike). */
    states?: Record<string, { label: string; index: number }[]>;
  } = {},
): HistoryResult {
  const query = v.parse(HistoryQuery, body);
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  const width = Math.max(intervalS * 1000, Math.ceil((to - from) / query.maxPoints / 1000) * 1000);
  const pointsOver = (id: string, start: number, shift: number) => {
    const points = {
      t: [] as number[],
      avg: [] as (number | null)[],
      min: [] as (number | null)[],
      max: [] as (number | null)[],
    };
    for (let t = Math.floor(start / width) * width; t < start + (to - from); t += width) {
      const value = valueAt(id, t);
      points.t.push(t + shift);
      points.avg.push(value);
      const spread = states[id] ? 0 : 0.5;
      points.min.push(value === null ? null : value - spread);
      points.max.push(value === null ? null : value + spread);
    }
    const values = points.avg.filter((value): value is number => value !== null);
    const stats = values.length
      ? {
          min: Math.min(...values) - (states[id] ? 0 : 0.5),
          max: Math.max(...values) + (states[id] ? 0 : 0.5),
          avg: values.reduce((sum, value) => sum + value, 0) / values.length,
        }
      : { min: null, max: null, avg: null };
    return { points, stats };
  };
  const compareFrom = query.compareFrom ? Date.parse(query.compareFrom) : null;
  return v.parse(HistoryResult, {
    from: query.from,
    to: query.to,
    compareFrom: query.compareFrom,
    resolutionMs: width,
    series: query.series.map(({ id }) => ({
      id,
      status: 'OK',
      name: 'Air temperature',
      unit: units[id] ?? (states[id] ? '' : '°C'),
      options: states[id] ?? null,
      interval: intervalS,
      ...pointsOver(id, from, 0),
      compare: compareFrom === null ? null : pointsOver(id, compareFrom, from - compareFrom),
    })),
  });
}
