import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { UserSummary } from '#contracts';
import { users } from '../../db/schema';
import { hostOf, login, tokenOf } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { userIdOf } from '../../testing/users';
import { useRecoveryApp } from '../recovery/testing';
import { ROLE_GRANTS } from './roles';

const PATH = '/api/v2/admin/users';

describeEachBackend('the administrators’ user list', (backend) => {
  const recovery = useRecoveryApp(backend);
  const { ctx, nextMail } = recovery;

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: unknown, tenant = 'demo') =>
    ctx.app.inject({
      method,
      url,
      headers: { host: hostOf(tenant), authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const admin = () => tokenOf(ctx.app, 'admin', 'Admin123');
  const listed = async (token: string) => (await call(token, 'GET', PATH)).json() as UserSummary[];
  const idOf = (username: string, tenant = 'demo') => userIdOf(ctx.handle.db, username, tenant);

  it('needs a sign-in, and SYSTEM at WRITE', async () => {
    const operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    const id = await idOf('secure');
    const calls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['list', 'GET', PATH],
      ['create', 'POST', PATH, { username: 'x', email: 'x@demo.example', role: 'operator' }],
      ['disable', 'POST', `${PATH}/${id}/disable`],
      ['enable', 'POST', `${PATH}/${id}/enable`],
    ];
    for (const [name, method, url, payload] of calls) {
      const stranger = await call('no-such-token', method, url, payload);
      expect(stranger.statusCode, name).toBe(401);
      const refused = await call(operator, method, url, payload);
      expect(refused.statusCode, name).toBe(403);
      expect(refused.json().message).toBe('This needs the SYSTEM grant at WRITE level');
    }
    expect((await listed(await admin())).map((user) => user.username)).toContain('secure');
  });

  it("lists the tenant's users by username with their role and state, never another tenant's", async () => {
    const list = await listed(await admin());
    expect(list.map(({ username, email, role, disabled }) => ({ username, email, role, disabled }))).toEqual([
      { username: 'admin', email: 'admin@demo.example', role: 'administrator', disabled: false },
      { username: 'operator', email: null, role: 'operator', disabled: false },
      { username: 'secure', email: 'secure@demo.example', role: 'operator', disabled: false },
    ]);
    expect(list.map((user) => user.id)).not.toContain(await idOf('admin', 'acme'));
  });

  it('creates a user with the grants of the role and e-mails the setup link; the link sets the password', async () => {
    const token = await admin();
    const created = await call(token, 'POST', PATH, {
      username: '  newbie ',
      email: 'Newbie@demo.example',
      role: 'operator',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      username: 'newbie',
      email: 'Newbie@demo.example',
      role: 'operator',
      disabled: false,
    });
    const [stored] = await ctx.handle.db.select().from(users).where(eq(users.id, created.json().id));
    expect(stored!.authorities).toEqual(ROLE_GRANTS.operator);

    const mail = await nextMail();
    expect(mail.to).toEqual(['Newbie@demo.example']);
    expect(mail.subject).toBe('Set up your Coldwatch password');
    expect(mail.text).toContain('Hello newbie,');
    // The administrator works at localhost: the link leads there too.
    expect(mail.link).toBe(`http://localhost:8080/setup-password?token=${mail.token}`);
    expect((await recovery.inspect(mail.token)).json()).toEqual({ kind: 'setup', username: 'newbie' });

    // No password works before the link was followed.
    expect((await login(ctx.app, { username: 'newbie', password: 'Chosen42x' })).statusCode).toBe(401);
    const body = { password: 'Chosen42x', confirmation: 'Chosen42x' };
    expect((await recovery.reset(mail.token, body)).statusCode).toBe(204);
    const signedIn = await login(ctx.app, { username: 'newbie', password: 'Chosen42x' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token.authorities).toHaveLength(ROLE_GRANTS.operator.length);
    expect((await listed(token)).map((user) => user.username)).toEqual([
      'admin',
      'newbie',
      'operator',
      'secure',
    ]);
  });

  it('refuses a username the tenant has, in any case, with a 409; another tenant may use it', async () => {
    const taken = await call(await admin(), 'POST', PATH, {
      username: 'NEWBIE',
      email: 'other@demo.example',
      role: 'operator',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', message: 'Username already exists' });
    const acme = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    const elsewhere = await call(
      acme,
      'POST',
      PATH,
      { username: 'newbie', email: 'newbie@acme.example', role: 'administrator' },
      'acme',
    );
    expect(elsewhere.statusCode).toBe(201);
    expect((await nextMail()).link).toMatch(/^http:\/\/acme\.localhost:8080\/setup-password\?token=/);
  });

  it('disables a user: their sessions end, sign-in is refused; enabling lets them in again', async () => {
    const token = await admin();
    const newbie = await tokenOf(ctx.app, 'newbie', 'Chosen42x');
    const settings = () =>
      ctx.app.inject({
        url: '/api/v2/account/settings',
        headers: { host: hostOf('demo'), authorization: `Bearer ${newbie}` },
      });
    expect((await settings()).statusCode).toBe(200);

    const id = await idOf('newbie');
    const disabled = await call(token, 'POST', `${PATH}/${id}/disable`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id, username: 'newbie', disabled: true });
    expect((await settings()).statusCode).toBe(401);
    const refused = await login(ctx.app, { username: 'newbie', password: 'Chosen42x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'This account is disabled' });
    // A wrong password still reads as wrong: the state of the account is told only to who knows the password.
    expect((await login(ctx.app, { username: 'newbie', password: 'Wrong42x' })).statusCode).toBe(401);
    expect((await listed(token)).find((user) => user.id === id)?.disabled).toBe(true);

    const enabled = await call(token, 'POST', `${PATH}/${id.toUpperCase()}/enable`);
    expect(enabled.json()).toMatchObject({ id, disabled: false });
    expect((await login(ctx.app, { username: 'newbie', password: 'Chosen42x' })).statusCode).toBe(200);
  });

  it('never disables the caller, a user of another tenant, or one holding grants the caller lacks', async () => {
    const token = await admin();
    const self = await idOf('admin');
    for (const id of [self, self.toUpperCase()]) {
      const own = await call(token, 'POST', `${PATH}/${id}/disable`);
      expect(own.statusCode).toBe(409);
      expect(own.json()).toMatchObject({
        code: 'CANNOT_DISABLE_SELF',
        message: 'You cannot disable your own account',
      });
    }
    for (const id of [await idOf('admin', 'acme'), randomUUID()]) {
      const missing = await call(token, 'POST', `${PATH}/${id}/disable`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('USER_NOT_FOUND');
    }
    expect((await login(ctx.app, { username: 'admin', password: 'Admin123' }, 'acme')).statusCode).toBe(200);

    // An administrator without RND: SYSTEM at WRITE, but less than an administrator's preset.
    const partial = ROLE_GRANTS.administrator.filter((grant) => grant.authority !== 'GRANT_RND');
    await ctx.handle.db
      .update(users)
      .set({ authorities: partial })
      .where(eq(users.id, await idOf('newbie')));
    const lesser = await tokenOf(ctx.app, 'newbie', 'Chosen42x');
    const above = await call(lesser, 'POST', `${PATH}/${self}/disable`);
    expect(above.statusCode).toBe(403);
    expect(above.json()).toMatchObject({ code: 'GRANTS_EXCEEDED' });
    const promote = await call(lesser, 'POST', PATH, {
      username: 'boss',
      email: 'boss@demo.example',
      role: 'administrator',
    });
    expect(promote.json()).toMatchObject({ statusCode: 403, code: 'GRANTS_EXCEEDED' });
    const list = await listed(lesser);
    expect(list.find((user) => user.username === 'newbie')?.role).toBe('custom');
    expect(list.map((user) => user.username)).not.toContain('boss');
    const operator = await call(lesser, 'POST', `${PATH}/${await idOf('operator')}/disable`);
    expect(operator.json()).toMatchObject({ username: 'operator', disabled: true });
    await recovery.delivered();
    expect(recovery.received()).toHaveLength(recovery.mailsRead());
  });

  it('answers bad input with a 400 naming the field, never a 500', async () => {
    const token = await admin();
    const bodies: [unknown, RegExp][] = [
      [undefined, /^Invalid type: Expected Object/],
      [{ email: 'a@demo.example', role: 'operator' }, /^username: Username is required$/],
      [{ username: '   ', email: 'a@demo.example', role: 'operator' }, /^username: Username is required$/],
      [{ username: 'x'.repeat(129), email: 'a@demo.example', role: 'operator' }, /^username: /],
      [{ username: 'a', role: 'operator' }, /^email: Email is required$/],
      [{ username: 'a', email: 'not an address', role: 'operator' }, /^email: Email is invalid$/],
      [{ username: 'a', email: `${'a'.repeat(300)}@demo.example`, role: 'operator' }, /^email: /],
      [{ username: 'a', email: 'a@demo.example', role: 'root' }, /^role: Role is required$/],
      [{ username: 'a', email: 'a@demo.example' }, /^role: /],
      [{ username: 12, email: [], role: null }, /^username: /],
    ];
    for (const [body, message] of bodies) {
      const answer = await call(token, 'POST', PATH, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
      expect(answer.json().message).toMatch(message);
    }
    for (const id of ['not-a-uuid', '1', "'; drop table users; --"]) {
      const answer = await call(token, 'POST', `${PATH}/${encodeURIComponent(id)}/disable`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'id: User id is invalid' });
    }
  });
});
