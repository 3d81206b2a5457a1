import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { USER_ERROR_STATUS, USER_ERRORS, UserCreate, UserList, UserSummary } from '#contracts';
import { heldRequests } from './heldRequests';
import { refusalsOf, unavailable } from './refusals';
import { server } from '../../ui/setup';

/** The server's refusal of `code`. */
export const refusal = refusalsOf(USER_ERROR_STATUS, USER_ERRORS);
export { unavailable };

/**
 * The administrators' user list behind the app, for the dialog's tests: every call of /api/v2/admin/users is
 * checked against its contract, recorded ("GET", "POST newbie newbie@… operator", "disable <id>") and held until
 * the test answers it.
 */
export function usersServer() {
  const requests: string[] = [];
  const calls = heldRequests('a call');
  const hold = (request: string) => {
    requests.push(request);
    return calls.hold();
  };
  const { waiting, answer } = calls;
  server.use(
    http.get('*/api/v2/admin/users', () => hold('GET')),
    http.post('*/api/v2/admin/users', async ({ request }) => {
      const body = v.parse(UserCreate, await request.json());
      return hold(`POST ${body.username} ${body.email} ${body.role}`);
    }),
    http.post('*/api/v2/admin/users/:id/:action', ({ params }) =>
      hold(`${String(params.action)} ${String(params.id)}`),
    ),
  );
  return {
    requests,
    waiting,
    answer,
    list: (users: UserSummary[]) => answer(HttpResponse.json(v.parse(UserList, users))),
    user: (user: UserSummary, status = 200) =>
      answer(HttpResponse.json(v.parse(UserSummary, user), { status })),
  };
}

export type UsersServer = ReturnType<typeof usersServer>;
