/** A column header's aria-sort: how a paged query of the server is sorted by that column. */
export type AriaSort = 'ascending' | 'descending' | 'none';

/** The aria-sort of `field`'s header for a query sorted by `sortField` in `sortDirection` ('ASC' or 'DESC'). */
export function ariaSortOf(query: { sortField: string; sortDirection: string }, field: string): AriaSort {
  if (query.sortField !== field) return 'none';
  return query.sortDirection === 'ASC' ? 'ascending' : 'descending';
}
