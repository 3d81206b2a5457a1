import * as v from 'valibot';
import { widgetBaseEntries, widgetInterval } from './common';

/** Metric card: one value, compared with a reference; looks back 7 days by default. */
export const CardChartWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('CARD_CHART'),
  interval: widgetInterval('LAST_7_DAYS'),
});
export type CardChartWidget = v.InferOutput<typeof CardChartWidget>;
