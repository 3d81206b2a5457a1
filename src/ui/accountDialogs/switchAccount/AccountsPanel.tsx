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
import { ScrollRegion } from '../../primitives/ScrollRegion';
import { TextField } from '../../primitives/TextField';
import { TablePagination } from '../../primitives/TablePagination';

type SwitchAccountActor = ActorRefFrom<typeof switchAccountMachine>;

const CELL = 'px-2 py-1 text-left';

function SortHeader({ actor, field }: { actor: SwitchAccountActor; field: AccountSortField }) {
  const t = useT();
  const sort = useSelector(actor, selectSortOf(field));
  const label = t(`switchAccount.column.${field}`);
  return (
    <th scope="col" aria-sort={sort} className={CELL}>
      <button
        type="button"
        aria-label={t('switchAccount.sortBy', { column: label })}
        className="font-semibold hover:underline"
        onClick={() => actor.send({ type: 'switchAccount.sort', field })}
      >
        {label}
        <span aria-hidden>{sort === 'ascending' ? ' ▲' : sort === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

/** The accounts of the tenant (SPEC §2 switch account): search, sortable columns, pages; a row's button switches. */
export function AccountsPanel({ actor }: { actor: SwitchAccountActor }) {
  const t = useT();
  const accounts = useSelector(actor, selectAccounts);
  const loading = useSelector(actor, selectAccountsLoading);
  const failed = useSelector(actor, selectAccountsFailed);
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
      {failed ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-error">
          {t('switchAccount.loadFailed')}
          <Button variant="quiet" onClick={() => actor.send({ type: 'switchAccount.retry' })}>
            {t('switchAccount.retry')}
          </Button>
        </div>
      ) : null}
      <ScrollRegion label={t('switchAccount.accounts')} busy={loading} className="max-h-[55vh]">
        <table className="w-full text-sm">
          <thead>
            <tr>
              <SortHeader actor={actor} field="username" />
              <SortHeader actor={actor} field="email" />
              <th scope="col" className={CELL}>
                {t('switchAccount.column.roles')}
              </th>
              <th scope="col" className={CELL}>
                {t('switchAccount.column.domains')}
              </th>
              <th scope="col" className={CELL}>
                <span className="sr-only">{t('switchAccount.switch')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} className="border-t border-muted/20">
                <td className={CELL}>{account.username}</td>
                <td className={`${CELL} break-all`}>{account.email ?? ''}</td>
                <td className={CELL}>
                  {account.roles.map((role) => t(`switchAccount.role.${role}`)).join(', ')}
                </td>
                <td className={CELL}>{account.domains.join(', ')}</td>
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
          </tbody>
        </table>
        {loading ? <p className="py-2">{t('switchAccount.loading')}</p> : null}
        {!loading && !failed && accounts.length === 0 ? (
          <p className="py-2">{t('switchAccount.empty')}</p>
        ) : null}
      </ScrollRegion>
      <TablePagination
        page={page}
        count={count}
        total={total}
        pageLength={pageLength}
        pageLengths={ACCOUNT_PAGE_LENGTHS}
        disabled={switching}
        onPage={(to) => actor.send({ type: 'switchAccount.changePage', page: to })}
        onPageLength={(length) =>
          actor.send({ type: 'switchAccount.changePageLength', pageLength: length as AccountPageLength })
        }
      />
    </div>
  );
}
