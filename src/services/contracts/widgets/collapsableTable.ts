import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/** A table whose rows collapse on a field (collapseOn), with a filter mode. */
export const CollapsableTableWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('COLLAPSABLE_TABLE'),
  filterMode: v.optional(v.string(), 'NONE'),
  showUnits: v.optional(v.boolean(), true),
});
export type CollapsableTableWidget = v.InferOutput<typeof CollapsableTableWidget>;
