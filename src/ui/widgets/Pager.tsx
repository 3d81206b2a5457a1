import { useT } from '../i18n';
import { PageStep } from '../primitives/TablePagination';

/** Previous and next page of a widget's rows, with where it is ('Page 2 of 5'); nothing for a single page. */
export function Pager({
  page,
  count,
  onPage,
}: {
  /** The current page, from 0. */
  page: number;
  count: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  if (count <= 1) return null;
  return (
    <nav aria-label={t('widgets.table.pages')} className="flex items-center justify-end gap-1 px-2 py-1">
      <span className="mr-1 text-sm whitespace-nowrap text-muted">
        {t('widgets.table.pageStatus', { page: page + 1, count })}
      </span>
      <PageStep
        direction="previous"
        label={t('widgets.table.previous')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      <PageStep
        direction="next"
        label={t('widgets.table.next')}
        disabled={page === count - 1}
        onClick={() => onPage(page + 1)}
      />
    </nav>
  );
}
