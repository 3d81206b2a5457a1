import { DEFAULT_ACCOUNT_PAGE_LENGTH, type AccountPageRequest, type AccountSortField } from '#contracts';
import { toggledSort } from '../pagedQuery';

/** What the account table asks the server for; `draw` is added per request. */
export type AccountQuery = Omit<AccountPageRequest, 'draw'>;

/** SPEC §9: 20 a page, by username ascending, no search. */
export const DEFAULT_ACCOUNT_QUERY: AccountQuery = {
  sortField: 'username',
  sortDirection: 'ASC',
  pageNumber: 0,
  pageLength: DEFAULT_ACCOUNT_PAGE_LENGTH,
  searchHint: '',
};

/** A header clicked: that column ascending, or the other direction if it already sorts by it; from page 0. */
export const sortedBy = (query: AccountQuery, field: AccountSortField): AccountQuery => ({
  ...query,
  pageNumber: 0,
  ...toggledSort(query, field),
});
