import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ALARM_HISTORY_PAGE_LENGTHS } from '#contracts';
import {
  selectHistoryQuery,
  selectHistoryTotal,
  selectPageCount,
} from '../../machines/alarms/alarmHistory.selectors';
import type { alarmHistoryMachine } from '../../machines/alarms/alarmHistoryMachine';
import { TablePagination } from '../primitives/TablePagination';

/** Page length (10, 25, 50, 100) and at most five page buttons around the current page. */
export function HistoryPagination({ actor }: { actor: ActorRefFrom<typeof alarmHistoryMachine> }) {
  const { page, pageLength } = useSelector(actor, selectHistoryQuery);
  const total = useSelector(actor, selectHistoryTotal);
  const count = useSelector(actor, selectPageCount);
  return (
    <TablePagination
      page={page}
      count={count}
      total={total}
      pageLength={pageLength}
      onPage={(to) => actor.send({ type: 'history.changePage', page: to })}
      pageLengths={ALARM_HISTORY_PAGE_LENGTHS}
      onPageLength={(length) =>
        actor.send({
          type: 'history.changePageLength',
          pageLength: length as (typeof ALARM_HISTORY_PAGE_LENGTHS)[number],
        })
      }
    />
  );
}
