// A paged, sorted query of the server (the alarm history, the accounts to switch to): its sort and its pages.

/** A column header's aria-sort: how a paged query of the server is sorted by that column. */
export type AriaSort = 'ascending' | 'descending' | 'none';

/** The aria-sort of `field`'s header for a query sorted by `sortField` in `sortDirection` ('ASC' or 'DESC'). */
export function ariaSortOf(query: { sortField: string; sortDirection: string }, field: string): AriaSort {
  if (query.sortField !== field) return 'none';
  return query.sortDirection === 'ASC' ? 'ascending' : 'descending';
}

/** A header clicked: that column ascending, or the other direction if the query already sorts by it. */
export const toggledSort = <F extends string>(
  query: { sortField: string; sortDirection: string },
  field: F,
): { sortField: F; sortDirection: 'ASC' | 'DESC' } => ({
  sortField: field,
  sortDirection: query.sortField === field && query.sortDirection === 'ASC' ? 'DESC' : 'ASC',
});

/** How many pages `total` rows fill, at least one (an empty table still shows its first page). */
export const pageCountOf = (total: number, pageLength: number): number =>
  Math.max(1, Math.ceil(total / pageLength));
