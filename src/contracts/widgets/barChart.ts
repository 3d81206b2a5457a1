import * as v from 'valibot';
import { widgetBaseEntries } from './common';

export const BAR_CHART_MODES = ['VERTICAL', 'HORIZONTAL'] as const;
export const BAR_CHART_SORTINGS = ['NONE', 'ASCENDING', 'DESCENDING', 'ON_HOUR', 'ON_DAY'] as const;

/** Bars of live values, vertical or horizontal, optionally sorted. */
export const BarChartWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('BAR_CHART'),
  mode: v.optional(v.picklist(BAR_CHART_MODES), 'VERTICAL'),
  sorting: v.optional(v.picklist(BAR_CHART_SORTINGS), 'NONE'),
});
export type BarChartWidget = v.InferOutput<typeof BarChartWidget>;
