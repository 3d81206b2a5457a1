import type { AccountPageLength, AccountSortField } from '#contracts';

export type SwitchAccountEvent =
  /** The search field changed; the table asks the server once typing pauses. */
  | { type: 'switchAccount.search'; text: string }
  /** A header clicked: that column ascending, or the other direction if it is already the sort column. */
  | { type: 'switchAccount.sort'; field: AccountSortField }
  | { type: 'switchAccount.changePage'; page: number }
  | { type: 'switchAccount.changePageLength'; pageLength: AccountPageLength }
  | { type: 'switchAccount.retry' }
  /** An account of the table chosen: switch to it. */
  | { type: 'switchAccount.choose'; id: string }
  | { type: 'switchAccount.showRecords' }
  | { type: 'switchAccount.showAccounts' }
  | { type: 'switchAccount.changeRecordsPage'; page: number }
  | { type: 'switchAccount.close' };
