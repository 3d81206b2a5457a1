import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import {
  SWITCH_RECORD_PAGE_LENGTH,
  type Account,
  type AccountSortField,
  type SwitchRecord,
} from '#contracts';
import { failureMessage } from './switchFailure';
import type { switchAccountMachine } from './switchAccountMachine';
import { ariaSortOf, pageCountOf, type AriaSort } from '../pagedQuery';

type Snapshot = SnapshotFrom<typeof switchAccountMachine>;

const NO_ACCOUNTS: Account[] = [];
const NO_RECORDS: SwitchRecord[] = [];

/** Which tab shows: the accounts (also while switching) or the record. */
export const selectShowsRecords = (s: Snapshot): boolean => s.matches('records');
export const selectSwitching = (s: Snapshot): boolean => s.matches('switching');

export const selectSearch = (s: Snapshot): string => s.context.search;
export const selectAccountsLoading = (s: Snapshot): boolean => s.matches({ accounts: 'loading' });
export const selectAccountsFailed = (s: Snapshot): boolean => s.matches({ accounts: 'failed' });
export const selectAccounts = (s: Snapshot): Account[] => s.context.page?.data ?? NO_ACCOUNTS;
export const selectAccountsTotal = (s: Snapshot): number => s.context.page?.recordsFiltered ?? 0;
export const selectPageNumber = (s: Snapshot): number => s.context.query.pageNumber;
export const selectPageLength = (s: Snapshot): number => s.context.query.pageLength;
export const selectAccountPageCount = (s: Snapshot): number =>
  pageCountOf(selectAccountsTotal(s), s.context.query.pageLength);

/** aria-sort of a column header. */
export const selectSortOf =
  (field: AccountSortField) =>
  (s: Snapshot): AriaSort =>
    ariaSortOf(s.context.query, field);

/** The username of the account being switched to ('' when none). */
export const selectChosenUsername = (s: Snapshot): string =>
  s.context.page?.data.find((account) => account.id === s.context.chosen)?.username ?? '';
/** Why the last switch failed ('' when it did not). */
export const selectSwitchError = (s: Snapshot): MessageId | '' =>
  s.context.failure ? failureMessage(s.context.failure) : '';

export const selectRecordsLoading = (s: Snapshot): boolean => s.matches({ records: 'loading' });
export const selectRecordsFailed = (s: Snapshot): boolean => s.matches({ records: 'failed' });
export const selectRecords = (s: Snapshot): SwitchRecord[] => s.context.records?.data ?? NO_RECORDS;
export const selectRecordsTotal = (s: Snapshot): number => s.context.records?.recordsTotal ?? 0;
export const selectRecordsPage = (s: Snapshot): number => s.context.recordsPage;
export const selectRecordsPageCount = (s: Snapshot): number =>
  pageCountOf(selectRecordsTotal(s), SWITCH_RECORD_PAGE_LENGTH);
