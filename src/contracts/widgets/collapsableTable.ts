import * as v from 'valibot';
import { widgetBaseEntries } from './common';

/**
 * What the rows fold under: nothing, or one group per hour or per day (in the user's time zone). Stored as a
 * free string (older dashboards may hold others); an unknown value folds nothing.
 */
export const COLLAPSE_ON = ['NONE', 'HOUR', 'DAY'] as const;
/** The filter offered: none, a search over times and values, or only the rows where a value changed. */
export const TABLE_FILTER_MODES = ['NONE', 'SEARCH', 'CHANGES'] as const;

/** Buffered values as rows by time, folding under hours or days (collapseOn), with a filter mode. */
export const CollapsableTableWidget = v.object({
  ...widgetBaseEntries,
  type: v.literal('COLLAPSABLE_TABLE'),
  filterMode: v.optional(v.string(), 'NONE'),
  showUnits: v.optional(v.boolean(), true),
  // Rows by time read as a log: a new table shows each row's time unless told otherwise.
  showTimestamps: v.optional(v.boolean(), true),
});
export type CollapsableTableWidget = v.InferOutput<typeof CollapsableTableWidget>;
