import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import type { HistoryResult } from '#contracts';

/** Bars of history: one group a period (an hour of the day, or a day), one bar an element. */
export interface PeriodBars {
  /** ON_HOUR: the hours 0–23; ON_DAY: the start of each day of the range (ms), oldest first. */
  periods: number[];
  /** An element's average of each period (null without samples), in the elements' order. */
  values: (number | null)[][];
}

/**
 * What ON_HOUR and ON_DAY mean for an operator: ON_HOUR the average of each hour of the day over the range
 * ("when in the day does this case run warm"), ON_DAY the average of each day of the range (its daily trend),
 * both on the wall clock of `timeZone`, from the buckets' averages.
 */
export function periodBars(
  result: HistoryResult,
  elementIds: readonly string[],
  sorting: 'ON_HOUR' | 'ON_DAY',
  timeZone: string,
): PeriodBars {
  const periodOf = (t: number) =>
    sorting === 'ON_HOUR'
      ? new TZDate(t, timeZone).getHours()
      : startOfDay(new TZDate(t, timeZone)).getTime();
  const sums = elementIds.map(() => new Map<number, { sum: number; count: number }>());
  const seen = new Set<number>(sorting === 'ON_HOUR' ? Array.from({ length: 24 }, (_, hour) => hour) : []);
  elementIds.forEach((id, column) => {
    const series = result.series.find((candidate) => candidate.id === id);
    series?.points.t.forEach((t, index) => {
      const value = series.points.avg[index];
      if (value === null || value === undefined) return;
      const period = periodOf(t);
      seen.add(period);
      const total = sums[column]!.get(period) ?? { sum: 0, count: 0 };
      sums[column]!.set(period, { sum: total.sum + value, count: total.count + 1 });
    });
  });
  const periods = [...seen].sort((a, b) => a - b);
  return {
    periods,
    values: sums.map((byPeriod) =>
      periods.map((period) => {
        const total = byPeriod.get(period);
        return total ? total.sum / total.count : null;
      }),
    ),
  };
}
