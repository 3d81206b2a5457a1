import type { ReactNode } from 'react';
import type { HistoryResult } from '#contracts';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import type { HistoryView } from './useHistory';

/**
 * What every history widget shows around its data: that it has no line yet, that it loads, or that the query
 * failed with a Retry; the last answer stays drawn (marked busy) while another range loads or after a failed
 * refresh, so a chart never blanks out.
 */
export function HistoryFrame({
  history,
  name,
  children,
}: {
  history: HistoryView;
  name: string;
  children: (result: HistoryResult) => ReactNode;
}) {
  const t = useT();
  const { status, result } = history;
  if (status === 'empty') return <p className="p-3 text-muted">{t('history.noLines')}</p>;
  const failure = status === 'failed' && <HistoryFailure history={history} name={name} />;
  if (!result) {
    return (
      failure || (
        <p role="status" className="p-3 text-muted">
          {t('history.loading')}
        </p>
      )
    );
  }
  return (
    <div aria-busy={status === 'loading'} data-history={status} className="flex min-h-0 flex-1 flex-col">
      {failure}
      {children(result)}
    </div>
  );
}

/** 'Could not load data for {name} widget', with a Retry that queries again. */
export function HistoryFailure({ history, name }: { history: HistoryView; name: string }) {
  const t = useT();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 px-3 py-2">
      <p className="text-error">{t('history.loadFailed', { name })}</p>
      <Button
        variant="quiet"
        className="px-2 py-1"
        aria-label={t('history.retryWidget', { name })}
        onClick={() => history.actor?.send({ type: 'history.retry' })}
      >
        {t('history.retry')}
      </Button>
    </div>
  );
}
