import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import {
  AccountPage,
  AccountPageRequest,
  SWITCH_ERROR_STATUS,
  SWITCH_ERRORS,
  SWITCH_RECORD_PAGE_LENGTH,
  Session,
  SwitchRecordPage,
  type Account,
  type SwitchRecord,
} from '#contracts';
import { server } from '../../ui/setup';
import { refusalsOf, unavailable } from './refusals';

const id = (n: number) => `6f1c1d0e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const account = (n: number, username: string, email: string | null, role: Account['roles'][number]) => ({
  id: id(n),
  username,
  email,
  roles: [role],
  domains: ['demo'],
});

/** admin, operator (no e-mail), secure and user01…user22: two pages of 20. */
const ACCOUNTS: Account[] = [
  account(1, 'admin', 'admin@demo.example', 'administrator'),
  account(2, 'operator', null, 'operator'),
  account(3, 'secure', 'secure@demo.example', 'operator'),
  ...Array.from({ length: 22 }, (_, i) => {
    const name = `user${String(i + 1).padStart(2, '0')}`;
    return account(10 + i, name, `${name}@demo.example`, 'custom');
  }),
];
export const OPERATOR = ACCOUNTS[1]!;

/** What was done while switched: the first switch changed a dashboard and tried more; the third did much more. */
const actionsOf = (i: number): Pick<SwitchRecord, 'actions' | 'actionsTotal'> => {
  const at = new Date(Date.UTC(2026, 0, 15, 10, -i, 30)).toISOString();
  if (i === 1)
    return {
      actions: [
        { at, method: 'PUT', path: '/api/v2/dashboards/', statusCode: 200 },
        { at, method: 'POST', path: '/api/v2/admin/users', statusCode: 403 },
        {
          at,
          method: 'DELETE',
          path: '/api/v2/dashboards/6f1c1d0e-0000-4000-8000-000000000007',
          statusCode: null,
        },
      ],
      actionsTotal: 3,
    };
  if (i === 3)
    return {
      actions: [{ at, method: 'POST', path: '/api/v2/dashboards/', statusCode: 201 }],
      actionsTotal: 60,
    };
  return { actions: [], actionsTotal: 0 };
};

/** 25 switches and switches back, newest first (a minute apart, from 10:00 UTC down). */
const RECORDS: SwitchRecord[] = Array.from({ length: 25 }, (_, i) => ({
  id: 100 - i,
  kind: i % 2 === 0 ? 'switchBack' : 'switch',
  administrator: 'admin',
  account: `user${String(i + 1).padStart(2, '0')}`,
  at: new Date(Date.UTC(2026, 0, 15, 10, -i)).toISOString(),
  clientAddress: `192.0.2.${i + 1}`,
  ...actionsOf(i),
}));

/** What the server's paginate does (server/src/modules/impersonation): search, sort (no e-mail last), page. */
export function pageOf(request: AccountPageRequest): AccountPage {
  const hint = request.searchHint.toLowerCase();
  const found = ACCOUNTS.filter(
    (a) => a.username.includes(hint) || (a.email ?? '').toLowerCase().includes(hint),
  );
  const sign = request.sortDirection === 'ASC' ? 1 : -1;
  const key = (a: Account) => (request.sortField === 'email' ? a.email : a.username);
  const sorted = [...found].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * x.localeCompare(y) || sign * a.username.localeCompare(b.username);
  });
  const start = request.pageNumber * request.pageLength;
  return {
    data: sorted.slice(start, start + request.pageLength),
    recordsFiltered: found.length,
    draw: request.draw,
  };
}

export const recordsPage = (pageNumber: number): SwitchRecordPage => ({
  data: RECORDS.slice(pageNumber * SWITCH_RECORD_PAGE_LENGTH, (pageNumber + 1) * SWITCH_RECORD_PAGE_LENGTH),
  recordsTotal: RECORDS.length,
});

/** The server's refusal of `code`. */
export const switchRefusal = refusalsOf(SWITCH_ERROR_STATUS, SWITCH_ERRORS);
export { unavailable };

interface Held {
  /** "paginate <json body>", "switch <id>", "switch-back", "records <pageNumber>". */
  call: string;
  respond: (response: Response) => void;
}

/**
 * The switch calls behind the app: every request is checked against its contract, recorded and held until the
 * test answers it. A call the app gave up on (a newer paginate replaced it) is answered at once and forgotten.
 */
export function switchAccountServer() {
  const calls: string[] = [];
  let held: Held | null = null;
  const hold = (call: string) => {
    calls.push(call);
    held?.respond(unavailable());
    return new Promise<Response>((respond) => (held = { call, respond }));
  };
  server.use(
    http.post('*/api/v2/account/paginate', async ({ request }) => {
      const body = v.parse(AccountPageRequest, await request.json());
      return hold(`paginate ${JSON.stringify(body)}`);
    }),
    http.post('*/api/v2/account/switch/:id', ({ params }) => hold(`switch ${String(params.id)}`)),
    http.post('*/api/v2/account/switch-back', () => hold('switch-back')),
    http.get('*/api/v2/account/switch-records', ({ request }) =>
      hold(`records ${new URL(request.url).searchParams.get('pageNumber')}`),
    ),
  );
  const answer = async (response: Response) => {
    await vi.waitFor(() => expect(held, 'a call waits for its answer').not.toBeNull());
    const { respond } = held!;
    held = null;
    respond(response);
  };
  return {
    calls,
    waiting: () => held !== null,
    answer,
    /** Answers the waiting paginate as the server would; returns the page it sent. */
    async accounts(): Promise<AccountPage> {
      await vi.waitFor(() => expect(held?.call, 'a paginate waits').toMatch(/^paginate /));
      const page = pageOf(v.parse(AccountPageRequest, JSON.parse(held!.call.slice('paginate '.length))));
      await answer(HttpResponse.json(v.parse(AccountPage, page)));
      return page;
    },
    session: (session: Session) => answer(HttpResponse.json(v.parse(Session, session))),
    records: (pageNumber: number) =>
      answer(HttpResponse.json(v.parse(SwitchRecordPage, recordsPage(pageNumber)))),
  };
}

export type SwitchAccountServer = ReturnType<typeof switchAccountServer>;
