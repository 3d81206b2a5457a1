import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectAccountPageCount,
  selectAccounts,
  selectAccountsFailed,
  selectAccountsLoading,
  selectAccountsTotal,
  selectChosenUsername,
  selectPageLength,
  selectPageNumber,
  selectSearch,
  selectSortOf,
  selectSwitchError,
  selectSwitching,
} from '../../../machines/switchAccount/switchAccount.selectors';
import type { switchAccountMachine } from '../../../machines/switchAccount/switchAccountMachine';
import { ACCOUNT_PAGE_LENGTHS, type AccountPageLength, type AccountSortField } from '#contracts';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { PagedTable, SortHeader, TABLE_CELL as CELL } from '../../primitives/PagedTable';
import { TextField } from '../../primitives/TextField';
import { useLoadFailure } from './useLoadFailure';

type SwitchAccountActor = ActorRefFrom<typeof switchAccountMachine>;

/** The columns the accounts are not sorted by. */
const PLAIN_COLUMNS = ['roles', 'domains'] as const;

function ColumnHeader({ actor, field }: { actor: SwitchAccountActor; field: AccountSortField }) {
  const t = useT();
  const sort = useSelector(actor, selectSortOf(field));
  const label = t(`switchAccount.column.${field}`);
  return (
    <SortHeader
      label={label}
      sortLabel={t('switchAccount.sortBy', { column: label })}
      sort={sort}
      onSort={() => actor.send({ type: 'switchAccount.sort', field })}
    />
  );
}

/** The accounts of the tenant (SPEC §2 switch account): search, sortable columns, pages; a row's button switches. */
export function AccountsPanel({ actor }: { actor: SwitchAccountActor }) {
  const t = useT();
  const accounts = useSelector(actor, selectAccounts);
  const loading = useSelector(actor, selectAccountsLoading);
  const failed = useSelector(actor, selectAccountsFailed);
  const failure = useLoadFailure(actor, failed, 'switchAccount.loadFailed');
  const switching = useSelector(actor, selectSwitching);
  const chosen = useSelector(actor, selectChosenUsername);
  const switchError = useSelector(actor, selectSwitchError);
  const search = useSelector(actor, selectSearch);
  const page = useSelector(actor, selectPageNumber);
  const pageLength = useSelector(actor, selectPageLength);
  const total = useSelector(actor, selectAccountsTotal);
  const count = useSelector(actor, selectAccountPageCount);
  return (
    <div className="flex flex-col gap-3">
      <TextField
        label={t('switchAccount.search')}
        type="search"
        value={search}
        disabled={switching}
        onValueChange={(text) => actor.send({ type: 'switchAccount.search', text })}
      />
      {switching ? <p role="status">{t('switchAccount.switching', { username: chosen })}</p> : null}
      {switchError ? <ErrorAlert>{t(switchError)}</ErrorAlert> : null}
      <PagedTable
        label={t('switchAccount.accounts')}
        head={
          <>
            <ColumnHeader actor={actor} field="username" />
            <ColumnHeader actor={actor} field="email" />
            {PLAIN_COLUMNS.map((column) => (
              <th key={column} scope="col" className={CELL}>
                {t(`switchAccount.column.${column}`)}
              </th>
            ))}
            <th scope="col" className={CELL}>
              <span className="sr-only">{t('switchAccount.switch')}</span>
            </th>
          </>
        }
        loading={loading}
        loadingText={t('switchAccount.loading')}
        empty={accounts.length === 0}
        emptyText={t('switchAccount.empty')}
        failure={failure}
        pagination={{
          page,
          count,
          total,
          pageLength,
          pageLengths: ACCOUNT_PAGE_LENGTHS,
          disabled: switching,
          onPage: (to) => actor.send({ type: 'switchAccount.changePage', page: to }),
          onPageLength: (length) =>
            actor.send({ type: 'switchAccount.changePageLength', pageLength: length as AccountPageLength }),
        }}
      >
        {accounts.map((account) => (
          <tr key={account.id} className="border-t border-muted/20">
            <td className={CELL} data-label={t('switchAccount.column.username')}>
              {account.username}
            </td>
            <td className={`${CELL} break-all`} data-label={t('switchAccount.column.email')}>
              {account.email ?? ''}
            </td>
            <td className={CELL} data-label={t('switchAccount.column.roles')}>
              {account.roles.map((role) => t(`switchAccount.role.${role}`)).join(', ')}
            </td>
            <td className={CELL} data-label={t('switchAccount.column.domains')}>
              {account.domains.join(', ')}
            </td>
            <td className={CELL}>
              <Button
                variant="quiet"
                className="py-1"
                disabled={switching}
                aria-label={t('switchAccount.switchTo', { username: account.username })}
                onClick={() => actor.send({ type: 'switchAccount.choose', id: account.id })}
              >
                {t('switchAccount.switch')}
              </Button>
            </td>
          </tr>
        ))}
      </PagedTable>
    </div>
  );
}
