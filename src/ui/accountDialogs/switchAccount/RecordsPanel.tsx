import { Fragment } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
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
import { useT } from '../../i18n';
import { PagedTable, TABLE_CELL as CELL } from '../../primitives/PagedTable';
import { SwitchActions } from './SwitchActions';
import { useLoadFailure } from './useLoadFailure';
import { useUserDates } from '../../useUserDates';

const COLUMNS = ['at', 'kind', 'administrator', 'account', 'clientAddress'] as const;

/**
 * The record of every switch and switch back of the tenant, newest first, each switch with what was done while it
 * lasted: impersonation is never silent.
 */
export function RecordsPanel({ actor }: { actor: ActorRefFrom<typeof switchAccountMachine> }) {
  const t = useT();
  const { instant } = useUserDates();
  const label = (column: (typeof COLUMNS)[number]) => t(`switchAccount.records.column.${column}`);
  const records = useSelector(actor, selectRecords);
  const loading = useSelector(actor, selectRecordsLoading);
  const failed = useSelector(actor, selectRecordsFailed);
  const failure = useLoadFailure(actor, failed, 'switchAccount.records.loadFailed');
  const page = useSelector(actor, selectRecordsPage);
  const total = useSelector(actor, selectRecordsTotal);
  const count = useSelector(actor, selectRecordsPageCount);
  return (
    <div className="flex flex-col gap-3">
      <PagedTable
        label={t('switchAccount.records')}
        head={COLUMNS.map((column) => (
          <th key={column} scope="col" className={CELL}>
            {label(column)}
          </th>
        ))}
        loading={loading}
        loadingText={t('switchAccount.records.loading')}
        empty={records.length === 0}
        emptyText={t('switchAccount.records.empty')}
        failure={failure}
        pagination={{
          page,
          count,
          total,
          pageLength: SWITCH_RECORD_PAGE_LENGTH,
          onPage: (to) => actor.send({ type: 'switchAccount.changeRecordsPage', page: to }),
        }}
      >
        {records.map((record) => (
          <Fragment key={record.id}>
            <tr className="border-t border-muted/20">
              <td className={CELL} data-label={label('at')}>
                {instant(record.at)}
              </td>
              <td className={CELL} data-label={label('kind')}>
                {t(`switchAccount.records.kind.${record.kind}`)}
              </td>
              <td className={CELL} data-label={label('administrator')}>
                {record.administrator}
              </td>
              <td className={CELL} data-label={label('account')}>
                {record.account}
              </td>
              <td className={CELL} data-label={label('clientAddress')}>
                {record.clientAddress}
              </td>
            </tr>
            {record.kind === 'switch' ? (
              <tr>
                <td colSpan={COLUMNS.length} className={`${CELL} pl-6 text-muted`}>
                  <SwitchActions record={record} />
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
      </PagedTable>
    </div>
  );
}
