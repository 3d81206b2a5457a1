import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import { ErrorBody, USER_ERRORS, UserCreate, UserList, UserSummary, type UserErrorCode } from '#contracts';

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
const CODES: readonly string[] = Object.keys(USER_ERRORS);

async function toUsersFailure(error: unknown): Promise<UsersFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const body = v.safeParse(ErrorBody, await error.response.json().catch(() => null));
  return body.success && CODES.includes(body.output.code)
    ? { kind: 'refused', code: body.output.code as UserErrorCode }
    : { kind: 'unavailable' };
}

export function createUsersApi(http: KyInstance): UsersApi {
  const failing = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw await toUsersFailure(error);
    }
  };
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
