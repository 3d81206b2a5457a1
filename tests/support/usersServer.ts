import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import { USER_ERRORS, UserCreate, UserList, UserSummary, type UserErrorCode } from '#contracts';
import { server } from '../ui/setup';

const STATUS: Record<UserErrorCode, [number, string]> = {
  USERNAME_TAKEN: [409, 'Conflict'],
  USER_NOT_FOUND: [404, 'Not Found'],
  CANNOT_DISABLE_SELF: [409, 'Conflict'],
  GRANTS_EXCEEDED: [403, 'Forbidden'],
  ACCOUNT_DISABLED: [403, 'Forbidden'],
};

/** The server's refusal of `code`, as server/src/errors.ts writes it. */
export const refusal = (code: UserErrorCode) => {
  const [statusCode, error] = STATUS[code];
  return HttpResponse.json({ statusCode, code, error, message: USER_ERRORS[code] }, { status: statusCode });
};

export const unavailable = () =>
  HttpResponse.json(
    {
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      error: 'Internal Server Error',
      message: 'Something went wrong',
    },
    { status: 500 },
  );

/**
 * The administrators' user list behind the app, for the dialog's tests: every call of /api/v2/admin/users is
 * checked against its contract, recorded ("GET", "POST newbie newbie@… operator", "disable <id>") and held until
 * the test answers it.
 */
export function usersServer() {
  const requests: string[] = [];
  const waiting: ((response: Response) => void)[] = [];
  const hold = (request: string) => {
    requests.push(request);
    return new Promise<Response>((resolve) => waiting.push(resolve));
  };
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
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(waiting.length, 'a call waits for its answer').toBeGreaterThan(0));
    waiting.shift()!(response);
  };
  return {
    requests,
    waiting: () => waiting.length > 0,
    answer,
    list: (users: UserSummary[]) => answer(HttpResponse.json(v.parse(UserList, users))),
    user: (user: UserSummary, status = 200) =>
      answer(HttpResponse.json(v.parse(UserSummary, user), { status })),
  };
}

export type UsersServer = ReturnType<typeof usersServer>;
