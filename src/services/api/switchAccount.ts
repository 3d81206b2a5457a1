import * as v from 'valibot';
import type { KyInstance } from 'ky';
import {
  AccountPage,
  AccountPageRequest,
  SWITCH_ERRORS,
  Session,
  SwitchRecordPage,
  type SwitchErrorCode,
} from '#contracts';
import { failingAs, refusalOf } from './failures';

/** Why a switch or switch back failed: a rule of the server by its code, or no usable answer at all. */
export type SwitchFailure = { kind: 'refused'; code: SwitchErrorCode } | { kind: 'unavailable' };

/** SPEC §7 switch account and switch back, and the record of both. */
export interface SwitchAccountApi {
  /** POST /api/v2/account/paginate. */
  fetchAccounts(request: v.InferInput<typeof AccountPageRequest>): Promise<AccountPage>;
  /** POST /api/v2/account/switch/{id}: the session of that account; rejects with a SwitchFailure. */
  switchAccount(id: string): Promise<Session>;
  /** POST /api/v2/account/switch-back: the administrator's own session; rejects with a SwitchFailure. */
  switchBack(): Promise<Session>;
  /** GET /api/v2/account/switch-records, newest first. */
  fetchSwitchRecords(pageNumber: number): Promise<SwitchRecordPage>;
}

const failing = failingAs((error): Promise<SwitchFailure> => refusalOf(error, SWITCH_ERRORS));

export function createSwitchAccountApi(http: KyInstance): SwitchAccountApi {
  const switching = (path: string): Promise<Session> =>
    failing(async () => v.parse(Session, await http.post(path).json()));
  return {
    fetchAccounts: async (request) =>
      v.parse(
        AccountPage,
        await http.post('v2/account/paginate', { json: v.parse(AccountPageRequest, request) }).json(),
      ),
    switchAccount: (id) => switching(`v2/account/switch/${encodeURIComponent(id)}`),
    switchBack: () => switching('v2/account/switch-back'),
    fetchSwitchRecords: async (pageNumber) =>
      v.parse(
        SwitchRecordPage,
        await http
          .get('v2/account/switch-records', { searchParams: { pageNumber: String(pageNumber) } })
          .json(),
      ),
  };
}
