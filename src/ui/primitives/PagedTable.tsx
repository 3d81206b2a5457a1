import type { AriaAttributes, ReactNode } from 'react';
import { Button } from './Button';
import { ScrollRegion } from './ScrollRegion';
import { TablePagination, type TablePaginationProps } from './TablePagination';

export const TABLE_CELL = 'px-2 py-1 text-left';
/** A dialog's table: its rows stack on a phone, each cell led by its `data-label` (styles.css). */
export const STACKED_TABLE = 'stacks w-full text-sm';

interface SortHeaderProps {
  label: string;
  /** The button's name: what pressing it does ("Sort by …"). */
  sortLabel: string;
  /** How the table is sorted by this column now. */
  sort: AriaAttributes['aria-sort'];
  onSort: () => void;
}

/** A column header whose button sorts the table by it; an arrow and aria-sort say the order it is sorted in. */
export function SortHeader({ label, sortLabel, sort, onSort }: SortHeaderProps) {
  return (
    <th scope="col" aria-sort={sort} className={TABLE_CELL}>
      <button type="button" aria-label={sortLabel} className="font-semibold hover:underline" onClick={onSort}>
        {label}
        <span aria-hidden>{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

interface PagedTableProps {
  /** The scroll region's accessible name. */
  label: string;
  /** The header row's cells. */
  head: ReactNode;
  /** The rows of the page shown. */
  children: ReactNode;
  loading: boolean;
  loadingText: string;
  /** The page has no rows (said only when it is neither loading nor failed). */
  empty: boolean;
  emptyText: string;
  /** Said with a retry button when the page could not be read. */
  failure: { text: string; retryLabel: string; onRetry: () => void } | null;
  pagination: TablePaginationProps;
}

/**
 * A table read a page at a time: the failure with its retry above, the rows in a scroll region that says when it
 * is busy, a word for loading and for no rows, the pages below.
 */
export function PagedTable({
  label,
  head,
  children,
  loading,
  loadingText,
  empty,
  emptyText,
  failure,
  pagination,
}: PagedTableProps) {
  return (
    <>
      {failure ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-error">
          {failure.text}
          <Button variant="quiet" onClick={failure.onRetry}>
            {failure.retryLabel}
          </Button>
        </div>
      ) : null}
      <ScrollRegion label={label} busy={loading} className="max-h-[55vh]">
        <table className={STACKED_TABLE}>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
        {loading ? <p className="py-2">{loadingText}</p> : null}
        {!loading && !failure && empty ? <p className="py-2">{emptyText}</p> : null}
      </ScrollRegion>
      <TablePagination {...pagination} />
    </>
  );
}
