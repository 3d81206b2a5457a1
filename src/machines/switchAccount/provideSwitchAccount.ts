import { fromPromise } from 'xstate';
import type { SwitchAccountApi } from '../../services/api/switchAccount';
import type { AccountPageRequest } from '#contracts';
import { switchAccountMachine } from './switchAccountMachine';

/** The switch account dialog bound to /api/v2/account/paginate, /switch/{id} and /switch-records. */
export const provideSwitchAccount = (api: SwitchAccountApi) =>
  switchAccountMachine.provide({
    actors: {
      loadAccounts: fromPromise(({ input }: { input: AccountPageRequest }) => api.fetchAccounts(input)),
      switchAccount: fromPromise(({ input }: { input: string }) => api.switchAccount(input)),
      loadRecords: fromPromise(({ input }: { input: number }) => api.fetchSwitchRecords(input)),
    },
  });
