import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** Lines with their live values. */
export const LineWidget = v.object({ ...widgetBaseEntries, type: v.literal('LINE') });
export type LineWidget = v.InferOutput<typeof LineWidget>;
