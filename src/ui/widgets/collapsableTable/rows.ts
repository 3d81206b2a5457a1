import { TZDate } from '@date-fns/tz';
import { startOfDay, startOfHour } from 'date-fns';
import { COLLAPSE_ON, isOneOf, TABLE_FILTER_MODES, type HistoryResult } from '#contracts';

export type CollapseOn = (typeof COLLAPSE_ON)[number];
export type FilterMode = (typeof TABLE_FILTER_MODES)[number];

/** Stored as free strings: anything else folds nothing and filters nothing. */
export const collapseOnOf = (value: string): CollapseOn => (isOneOf(COLLAPSE_ON, value) ? value : 'NONE');
export const filterModeOf = (value: string): FilterMode =>
  isOneOf(TABLE_FILTER_MODES, value) ? value : 'NONE';

/** One time of the table: each column's value then (null where its series has none). */
export interface Row {
  t: number;
  values: (number | null)[];
}

export interface RowGroup {
  /** Start of the hour or day (or the row's time when nothing folds). */
  start: number;
  rows: Row[];
}

/**
 * The rows of a collapsible table, newest first: one per bucket time of any series, a value per column
 * (`columnIds`, the elements' ids), left out where no column has a value (a gap of every line).
 */
export function tableRows(result: HistoryResult, columnIds: readonly string[]): Row[] {
  const byTime = new Map<number, (number | null)[]>();
  columnIds.forEach((id, column) => {
    const series = result.series.find((candidate) => candidate.id === id);
    series?.points.t.forEach((t, index) => {
      const value = series.points.avg[index] ?? null;
      if (value === null) return;
      const values = byTime.get(t) ?? columnIds.map(() => null);
      values[column] = value;
      byTime.set(t, values);
    });
  });
  return [...byTime].map(([t, values]) => ({ t, values })).sort((a, b) => b.t - a.t);
}

/** Only the rows where a value changed from the row before it in time (the oldest row always shows). */
export function changedRows(rows: readonly Row[]): Row[] {
  return rows.filter((row, index) => {
    const older = rows[index + 1];
    return !older || row.values.some((value, column) => value !== older.values[column]);
  });
}

/** Rows folded under the hour or day they fall in, on the wall clock of `timeZone`; each row alone for NONE. */
export function groupRows(rows: readonly Row[], collapseOn: CollapseOn, timeZone: string): RowGroup[] {
  if (collapseOn === 'NONE') return rows.map((row) => ({ start: row.t, rows: [row] }));
  const startOf = collapseOn === 'HOUR' ? startOfHour : startOfDay;
  const groups: RowGroup[] = [];
  for (const row of rows) {
    const start = startOf(new TZDate(row.t, timeZone)).getTime();
    const last = groups[groups.length - 1];
    if (last?.start === start) last.rows.push(row);
    else groups.push({ start, rows: [row] });
  }
  return groups;
}

/** The average of each column over a group's rows (null without values): what a folded group shows. */
export function groupAverages(group: RowGroup, columns: number): (number | null)[] {
  return Array.from({ length: columns }, (_, column) => {
    const values = group.rows.map((row) => row.values[column]).filter((value) => value != null);
    return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  });
}
