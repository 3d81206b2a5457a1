import { fromPromise } from 'xstate';
import type { UsersApi } from '../../services/api/users';
import type { UserCreate } from '#contracts';
import { usersMachine, type SetUserDisabled } from './usersMachine';

/** The user list bound to the calls of /api/v2/admin/users. */
export const provideUsers = (api: UsersApi) =>
  usersMachine.provide({
    actors: {
      loadUsers: fromPromise(() => api.listUsers()),
      createUser: fromPromise(({ input }: { input: UserCreate }) => api.createUser(input)),
      setUserDisabled: fromPromise(({ input }: { input: SetUserDisabled }) =>
        api.setUserDisabled(input.id, input.disabled),
      ),
    },
  });
