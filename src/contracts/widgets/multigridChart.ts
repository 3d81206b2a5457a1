import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** One chart grid per line. */
export const MultigridChartWidget = v.object({ ...widgetBaseEntries, type: v.literal('MULTIGRID_CHART') });
export type MultigridChartWidget = v.InferOutput<typeof MultigridChartWidget>;
