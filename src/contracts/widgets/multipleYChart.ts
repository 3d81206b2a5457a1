import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** Lines over time on several y axes. */
export const MultipleYChartWidget = v.object({ ...widgetBaseEntries, type: v.literal('MULTIPLE_Y_CHART') });
export type MultipleYChartWidget = v.InferOutput<typeof MultipleYChartWidget>;
