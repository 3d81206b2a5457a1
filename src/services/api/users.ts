import * as v from 'valibot';
import type { KyInstance } from 'ky';
import { USER_ERRORS, UserCreate, UserList, UserSummary, type UserErrorCode } from '#contracts';
import { failingAs, refusalOf } from './failures';

/** Why a call of the user list failed: a rule of the server by its code, or no usable answer at all. */
export type UsersFailure = { kind: 'refused'; code: UserErrorCode } | { kind: 'unavailable' };

/** The administrators' user list: GET and POST /api/v2/admin/users, POST …/{id}/disable and …/{id}/enable. */
export interface UsersApi {
  listUsers(): Promise<UserSummary[]>;
  /** Creates the user and has the server e-mail them a setup link; rejects with a UsersFailure. */
  createUser(user: UserCreate): Promise<UserSummary>;
  /** Rejects with a UsersFailure. */
  setUserDisabled(id: string, disabled: boolean): Promise<UserSummary>;
}

const PATH = 'v2/admin/users';
const failing = failingAs((error): Promise<UsersFailure> => refusalOf(error, USER_ERRORS));

export function createUsersApi(http: KyInstance): UsersApi {
  return {
    listUsers: () => failing(async () => v.parse(UserList, await http.get(PATH).json())),
    createUser: (user) =>
      failing(async () =>
        v.parse(UserSummary, await http.post(PATH, { json: v.parse(UserCreate, user) }).json()),
      ),
    setUserDisabled: (id, disabled) =>
      failing(async () =>
        v.parse(
          UserSummary,
          await http.post(`${PATH}/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`).json(),
        ),
      ),
  };
}
