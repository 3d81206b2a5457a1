import { visiblePages } from '../../machines/alarms/alarmHistory.selectors';
import { useT } from '../i18n';
import { Listbox } from './Listbox';

const PAGE_BUTTON =
  'min-w-8 rounded px-2 py-1 hover:bg-muted/15 disabled:opacity-50 aria-current:bg-primary aria-current:text-on-primary';

export interface TablePaginationProps {
  /** Zero based. */
  page: number;
  count: number;
  total: number;
  pageLength: number;
  onPage: (page: number) => void;
  /** Offer these page lengths (SPEC §9 account list); without them the length is fixed. */
  pageLengths?: readonly number[];
  onPageLength?: (pageLength: number) => void;
  disabled?: boolean;
}

/** The range shown, at most five page buttons around the current page (SPEC §9), and the page length. */
export function TablePagination({
  page,
  count,
  total,
  pageLength,
  onPage,
  pageLengths,
  onPageLength,
  disabled,
}: TablePaginationProps) {
  const t = useT();
  const first = total === 0 ? 0 : page * pageLength + 1;
  const last = Math.min(total, (page + 1) * pageLength);
  return (
    <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
      {pageLengths && onPageLength ? (
        <div className="w-32">
          <Listbox
            label={t('table.pageLength')}
            value={String(pageLength)}
            choices={pageLengths.map((length) => ({ value: String(length), label: String(length) }))}
            onValueChange={(value) => onPageLength(Number(value))}
            disabled={disabled}
          />
        </div>
      ) : null}
      <p className="text-sm">{t('table.range', { first, last, total })}</p>
      <nav aria-label={t('table.pagination')} className="flex gap-1">
        <PageStep
          direction="previous"
          label={t('table.previousPage')}
          disabled={disabled || page === 0}
          onClick={() => onPage(page - 1)}
        />
        {visiblePages(page, count).map((index) => (
          <button
            key={index}
            type="button"
            className={PAGE_BUTTON}
            disabled={disabled}
            aria-label={t('table.page', { page: index + 1 })}
            aria-current={index === page ? 'page' : undefined}
            onClick={() => onPage(index)}
          >
            {index + 1}
          </button>
        ))}
        <PageStep
          direction="next"
          label={t('table.nextPage')}
          disabled={disabled || page >= count - 1}
          onClick={() => onPage(page + 1)}
        />
      </nav>
    </div>
  );
}

/** A step to the previous or next page: an arrow, named for screen readers and, as a tooltip, for the eye. */
export function PageStep({
  direction,
  label,
  disabled,
  onClick,
}: {
  direction: 'previous' | 'next';
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={PAGE_BUTTON}
      disabled={disabled}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {direction === 'previous' ? '‹' : '›'}
    </button>
  );
}
