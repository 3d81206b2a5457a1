import type { WidgetInterval } from '#contracts';

/** Whether the range ends now, so a chart of it should follow new samples (the live tail). */
export const endsNow = (interval: WidgetInterval) =>
  interval.type !== 'LAST_MONTH' && interval.type !== 'CUSTOM';
