import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** Lines over time. */
export const LineChartWidget = v.object({ ...widgetBaseEntries, type: v.literal('LINE_CHART') });
export type LineChartWidget = v.InferOutput<typeof LineChartWidget>;
