import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ALARM_HISTORY_PAGE_LENGTHS } from '../../services/contracts';
import {
  selectHistoryQuery,
  selectHistoryTotal,
  selectPageCount,
  visiblePages,
} from '../../machines/alarms/alarmHistory.selectors';
import type { alarmHistoryMachine } from '../../machines/alarms/alarmHistoryMachine';
import { Listbox } from '../primitives/Listbox';
import { useT } from '../i18n';

const PAGE_BUTTON =
  'min-w-8 rounded px-2 py-1 hover:bg-muted/15 disabled:opacity-50 aria-current:bg-primary aria-current:text-on-primary';

/** Page length (10, 25, 50, 100) and at most five page buttons around the current page. */
export function HistoryPagination({ actor }: { actor: ActorRefFrom<typeof alarmHistoryMachine> }) {
  const t = useT();
  const { page, pageLength } = useSelector(actor, selectHistoryQuery);
  const total = useSelector(actor, selectHistoryTotal);
  const count = useSelector(actor, selectPageCount);
  const go = (to: number) => actor.send({ type: 'history.changePage', page: to });
  const first = total === 0 ? 0 : page * pageLength + 1;
  const last = Math.min(total, (page + 1) * pageLength);
  return (
    <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
      <div className="w-32">
        <Listbox
          label={t('alarmsUi.pageLength')}
          value={String(pageLength)}
          choices={ALARM_HISTORY_PAGE_LENGTHS.map((length) => ({
            value: String(length),
            label: String(length),
          }))}
          onValueChange={(value) =>
            actor.send({
              type: 'history.changePageLength',
              pageLength: Number(value) as (typeof ALARM_HISTORY_PAGE_LENGTHS)[number],
            })
          }
        />
      </div>
      <p className="text-sm">{t('alarmsUi.range', { first, last, total })}</p>
      <nav aria-label={t('alarmsUi.pagination')} className="flex gap-1">
        <button
          type="button"
          className={PAGE_BUTTON}
          disabled={page === 0}
          aria-label={t('alarmsUi.previousPage')}
          onClick={() => go(page - 1)}
        >
          ‹
        </button>
        {visiblePages(page, count).map((index) => (
          <button
            key={index}
            type="button"
            className={PAGE_BUTTON}
            aria-label={t('alarmsUi.page', { page: index + 1 })}
            aria-current={index === page ? 'page' : undefined}
            onClick={() => go(index)}
          >
            {index + 1}
          </button>
        ))}
        <button
          type="button"
          className={PAGE_BUTTON}
          disabled={page >= count - 1}
          aria-label={t('alarmsUi.nextPage')}
          onClick={() => go(page + 1)}
        >
          ›
        </button>
      </nav>
    </div>
  );
}
