import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from '../../testing/backends';
import { grantsWithout, sessionOf, useImpersonationApp } from './testing';

const page = (body: Record<string, unknown> = {}) => ({ pageNumber: 0, pageLength: 20, draw: 1, ...body });
const usernames = (answer: { json(): unknown }) =>
  (answer.json() as { data: { username: string }[] }).data.map((account) => account.username);

describeEachBackend('switch account: the account list and the record', (backend) => {
  const world = useImpersonationApp(backend);
  let admin = '';
  beforeAll(async () => {
    // Names that sort apart from their case, and one with the LIKE wildcards in it.
    for (const name of ['Bravo', 'charlie', 'alpha_1', 'alphax1']) await world.addUser(name, []);
    admin = await world.signIn('admin', 'Admin123');
  });

  it("lists the tenant's accounts by username ascending, with e-mail, role (as the user list names it) and domain, echoing draw", async () => {
    const answer = await world.paginate(admin, page({ draw: 7 }));
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.draw).toBe(7);
    expect(body.recordsFiltered).toBe(7);
    expect(usernames(answer)).toEqual([
      'admin',
      'alpha_1',
      'alphax1',
      'Bravo',
      'charlie',
      'operator',
      'secure',
    ]);
    expect(body.data[0]).toMatchObject({
      username: 'admin',
      email: 'admin@demo.example',
      roles: ['administrator'],
      domains: ['demo'],
    });
    expect(body.data.find((a: { username: string }) => a.username === 'operator').roles).toEqual([
      'operator',
    ]);
    expect(body.data.find((a: { username: string }) => a.username === 'charlie').roles).toEqual(['custom']);
  });

  it('sorts by either column in either direction, accounts without e-mail last', async () => {
    expect(usernames(await world.paginate(admin, page({ sortDirection: 'DESC' })))).toEqual([
      'secure',
      'operator',
      'charlie',
      'Bravo',
      'alphax1',
      'alpha_1',
      'admin',
    ]);
    const byEmail = await world.paginate(admin, page({ sortField: 'email', sortDirection: 'DESC' }));
    expect(usernames(byEmail)).toEqual([
      'secure',
      'charlie',
      'Bravo',
      'alphax1',
      'alpha_1',
      'admin',
      'operator',
    ]);
  });

  it('pages with pageNumber from 0 and the page length', async () => {
    for (let i = 10; i < 24; i++) await world.addUser(`user${i}`, []);
    const pages = [];
    for (const pageNumber of [0, 1, 2]) {
      const answer = await world.paginate(admin, page({ pageLength: 10, pageNumber }));
      expect(answer.json().recordsFiltered).toBe(21);
      pages.push(usernames(answer));
    }
    expect(pages.map((names) => names.length)).toEqual([10, 10, 1]);
    expect(pages[1]![0]).toBe('user13');
    expect(pages[2]).toEqual(['user23']);
    const beyond = await world.paginate(admin, page({ pageNumber: 3 }));
    expect(beyond.json()).toMatchObject({ data: [], recordsFiltered: 21 });
  });

  it('searches username and e-mail, ignoring case and taking wildcards literally', async () => {
    const oper = await world.paginate(admin, page({ searchHint: '  OPER ' }));
    expect(usernames(oper)).toEqual(['operator']);
    expect(oper.json().recordsFiltered).toBe(1);
    expect(usernames(await world.paginate(admin, page({ searchHint: 'secure@demo' })))).toEqual(['secure']);
    expect(usernames(await world.paginate(admin, page({ searchHint: 'alpha_' })))).toEqual(['alpha_1']);
    expect(usernames(await world.paginate(admin, page({ searchHint: '%' })))).toEqual([]);
    expect(usernames(await world.paginate(admin, page({ searchHint: 'alpha\\' })))).toEqual([]);
  });

  it("shows only the tenant's own accounts", async () => {
    const acme = await world.signIn('admin', 'Admin123', 'acme');
    expect(usernames(await world.paginate(acme, page(), 'acme'))).toEqual(['admin', 'operator', 'secure']);
  });

  it('lets only SYSTEM at WRITE list accounts', async () => {
    const operator = await world.signIn('operator', 'Operator123');
    expect((await world.paginate(operator, page())).statusCode).toBe(403);
    expect((await world.paginate(null, page())).statusCode).toBe(401);
    await world.addUser(
      'reader',
      grantsWithout().map((grant) => ({ ...grant, type: 'READ' as const })),
    );
    const reader = await world.signIn('reader', 'Password123');
    expect((await world.paginate(reader, page())).statusCode).toBe(403);
  });

  it('answers bad input with a 400, never a 500', async () => {
    for (const body of [
      {},
      page({ pageLength: 15 }),
      page({ pageLength: '20' }),
      page({ pageNumber: -1 }),
      page({ pageNumber: 1.5 }),
      page({ pageNumber: 1e12 }),
      page({ sortField: 'passwordHash' }),
      page({ sortDirection: 'sideways' }),
      page({ draw: -1 }),
      page({ searchHint: 'x'.repeat(101) }),
      page({ searchHint: 42 }),
      page({ searchHint: 'nul\u0000' }),
    ]) {
      const answer = await world.paginate(admin, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    for (const query of ['?pageNumber=abc', '?pageNumber=-1', '?pageNumber=1.5', '?pageNumber=99999999']) {
      expect((await world.records(admin, query)).statusCode, query).toBe(400);
    }
  });

  it('records every switch and switch back, newest first, for administrators of the tenant only', async () => {
    const before = (await world.records(admin)).json().recordsTotal as number;
    const operatorId = await world.idOf('operator');
    const switched = sessionOf((await world.switchTo(admin, operatorId)).json()).token.id;
    world.ctx.clock.advance(60_000);
    admin = sessionOf((await world.switchBack(switched)).json()).token.id;

    const answer = await world.records(admin);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.recordsTotal).toBe(before + 2);
    expect(body.data.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        kind: 'switchBack',
        administrator: 'admin',
        account: 'operator',
        at: new Date(world.ctx.clock.now()).toISOString(),
        clientAddress: '127.0.0.1',
        actions: [],
        actionsTotal: 0,
      },
      {
        id: expect.any(Number),
        kind: 'switch',
        administrator: 'admin',
        account: 'operator',
        at: new Date(world.ctx.clock.now().getTime() - 60_000).toISOString(),
        clientAddress: '127.0.0.1',
        // Nothing was done while switched.
        actions: [],
        actionsTotal: 0,
      },
    ]);

    const operator = await world.signIn('operator', 'Operator123');
    expect((await world.records(operator)).statusCode).toBe(403);
    expect((await world.records(null)).statusCode).toBe(401);
    const acme = await world.signIn('admin', 'Admin123', 'acme');
    expect((await world.records(acme, '', 'acme')).json()).toEqual({ data: [], recordsTotal: 0 });
  });

  it('pages the record by 20', async () => {
    const operatorId = await world.idOf('operator');
    for (let i = 0; i < 10; i++) {
      const switched = sessionOf((await world.switchTo(admin, operatorId)).json()).token.id;
      admin = sessionOf((await world.switchBack(switched)).json()).token.id;
    }
    const total = (await world.records(admin)).json().recordsTotal as number;
    expect(total).toBeGreaterThan(20);
    expect((await world.records(admin)).json().data).toHaveLength(20);
    expect((await world.records(admin, '?pageNumber=1')).json().data).toHaveLength(total - 20);
  });
});
