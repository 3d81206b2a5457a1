import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** A whole device page. */
export const PageWidget = v.object({ ...widgetBaseEntries, type: v.literal('PAGE') });
export type PageWidget = v.InferOutput<typeof PageWidget>;
