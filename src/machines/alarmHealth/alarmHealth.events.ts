/** The ranges the health dialog measures: the last day, week or month. */
export const HEALTH_RANGE_DAYS = [1, 7, 30] as const;
export type HealthRangeDays = (typeof HEALTH_RANGE_DAYS)[number];

export type AlarmHealthEvent =
  /** Measure another range (the last 1, 7 or 30 days). */
  | { type: 'alarmHealth.rangeChose'; days: HealthRangeDays }
  /** Load the figures again after they failed to load. */
  | { type: 'alarmHealth.retry' }
  | { type: 'alarmHealth.close' };
