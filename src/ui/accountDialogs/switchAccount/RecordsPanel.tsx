import { Fragment } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectDateFormat, selectTimeZone } from '../../../machines/app/app.selectors';
import { formatDate } from '../../../machines/dateRange/dateText';
import {
  selectRecords,
  selectRecordsFailed,
  selectRecordsLoading,
  selectRecordsPage,
  selectRecordsPageCount,
  selectRecordsTotal,
} from '../../../machines/switchAccount/switchAccount.selectors';
import type { switchAccountMachine } from '../../../machines/switchAccount/switchAccountMachine';
import { SWITCH_RECORD_PAGE_LENGTH } from '#contracts';
import { AppActor } from '../../appActor';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { TablePagination } from '../../primitives/TablePagination';
import { SwitchActions } from './SwitchActions';

const CELL = 'px-2 py-1 text-left';
const COLUMNS = ['at', 'kind', 'administrator', 'account', 'clientAddress'] as const;

/**
 * The record of every switch and switch back of the tenant, newest first, each switch with what was done while it
 * lasted: impersonation is never silent.
 */
export function RecordsPanel({ actor }: { actor: ActorRefFrom<typeof switchAccountMachine> }) {
  const t = useT();
  const dateFormat = AppActor.useSelector(selectDateFormat);
  const timeZone = AppActor.useSelector(selectTimeZone);
  const records = useSelector(actor, selectRecords);
  const loading = useSelector(actor, selectRecordsLoading);
  const failed = useSelector(actor, selectRecordsFailed);
  const page = useSelector(actor, selectRecordsPage);
  const total = useSelector(actor, selectRecordsTotal);
  const count = useSelector(actor, selectRecordsPageCount);
  return (
    <div className="flex flex-col gap-3">
      {failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-error">
          {t('switchAccount.records.loadFailed')}
          <Button variant="quiet" onClick={() => actor.send({ type: 'switchAccount.retry' })}>
            {t('switchAccount.retry')}
          </Button>
        </div>
      ) : null}
      <ScrollRegion label={t('switchAccount.records')} busy={loading} className="max-h-[55vh]">
        <table className="w-full text-sm">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className={CELL}>
                  {t(`switchAccount.records.column.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <Fragment key={record.id}>
                <tr className="border-t border-muted/20">
                  <td className={CELL}>{formatDate(Date.parse(record.at), dateFormat, timeZone)}</td>
                  <td className={CELL}>{t(`switchAccount.records.kind.${record.kind}`)}</td>
                  <td className={CELL}>{record.administrator}</td>
                  <td className={CELL}>{record.account}</td>
                  <td className={CELL}>{record.clientAddress}</td>
                </tr>
                {record.kind === 'switch' ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className={`${CELL} pl-6 text-muted`}>
                      <SwitchActions record={record} dateFormat={dateFormat} timeZone={timeZone} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
        {loading ? <p className="py-2">{t('switchAccount.records.loading')}</p> : null}
        {!loading && !failed && records.length === 0 ? (
          <p className="py-2">{t('switchAccount.records.empty')}</p>
        ) : null}
      </ScrollRegion>
      <TablePagination
        page={page}
        count={count}
        total={total}
        pageLength={SWITCH_RECORD_PAGE_LENGTH}
        onPage={(to) => actor.send({ type: 'switchAccount.changeRecordsPage', page: to })}
      />
    </div>
  );
}
