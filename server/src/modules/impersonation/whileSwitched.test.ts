import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as v from 'valibot';
import { SWITCH_ERRORS, SwitchRecordPage } from '#contracts';
import { users } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, login } from '../../testing/app';
import { grantsWithout, sessionOf, useImpersonationApp } from './testing';

/**
 * An administrator acting as another user (issue 25): what decides who may do what is refused, so the way back can
 * never be closed from inside the switch, and the switch's record says what was done while switched.
 */
describeEachBackend('while switched', (backend) => {
  const world = useImpersonationApp(backend);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    await world.addUser('clerk', grantsWithout('SYSTEM'));
    for (const name of ['admin', 'clerk', 'operator']) ids[name] = await world.idOf(name);
  });
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    world.ctx.app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  /** Acting as `account`: its session's token. */
  const switchedTo = async (account: string) => {
    const admin = await world.signIn('admin', 'Admin123');
    return sessionOf((await world.switchTo(admin, ids[account]!)).json()).token.id;
  };

  it('refuses user administration, even to an account that holds SYSTEM at WRITE by now; the administrator stays', async () => {
    const asClerk = await switchedTo('clerk');
    // The clerk is made an administrator while the switch lasts (by another administrator, say).
    await world.ctx.handle.db
      .update(users)
      .set({ authorities: grantsWithout() })
      .where(eq(users.id, ids.clerk!));
    for (const [url, payload] of [
      [`/api/v2/admin/users/${ids.admin}/disable`, undefined],
      [`/api/v2/admin/users/${ids.operator}/enable`, undefined],
      ['/api/v2/admin/users', { username: 'planted', email: 'planted@demo.example', role: 'administrator' }],
    ] as const) {
      const refused = await call('POST', url, asClerk, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'NOT_WHILE_SWITCHED',
        message: SWITCH_ERRORS.NOT_WHILE_SWITCHED,
      });
    }
    const [admin] = await world.ctx.handle.db.select().from(users).where(eq(users.id, ids.admin!));
    expect(admin!.disabled).toBe(false);
    expect((await world.switchBack(asClerk)).statusCode).toBe(200);
    expect((await login(world.ctx.app, { username: 'admin', password: 'Admin123' })).statusCode).toBe(200);
    // As themselves, an administrator administers users as before.
    const own = await world.signIn('admin', 'Admin123');
    expect((await call('POST', `/api/v2/admin/users/${ids.operator}/enable`, own)).statusCode).toBe(200);
  });

  it('records what was done while switched under the switch: the changes and attempts, not the reads', async () => {
    const asOperator = await switchedTo('operator');
    const created = await call('POST', '/api/v2/dashboards/', asOperator, { name: 'Made while switched' });
    expect(created.statusCode).toBe(201);
    const dashboard = created.json<{ id: string }>().id;
    expect((await call('GET', '/api/v2/dashboards/', asOperator)).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/v2/account/paginate', asOperator, { pageNumber: 0, pageLength: 10 }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v2/account/settings/2fa', asOperator)).statusCode).toBe(200);
    expect((await call('POST', `/api/v2/admin/users/${ids.admin}/disable`, asOperator)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/v2/dashboards/${dashboard}/favorite`, asOperator)).statusCode,
    ).toBeLessThan(300);
    expect((await world.switchBack(asOperator)).statusCode).toBe(200);

    const admin = await world.signIn('admin', 'Admin123');
    const page = v.parse(SwitchRecordPage, (await world.records(admin)).json());
    const [back, switched] = page.data;
    expect(back).toMatchObject({ kind: 'switchBack', account: 'operator', actions: [], actionsTotal: 0 });
    expect(switched).toMatchObject({ kind: 'switch', administrator: 'admin', account: 'operator' });
    expect(switched!.actions.map(({ method, path, statusCode }) => ({ method, path, statusCode }))).toEqual([
      { method: 'POST', path: '/api/v2/dashboards/', statusCode: 201 },
      { method: 'GET', path: '/api/v2/account/settings/2fa', statusCode: 200 },
      { method: 'POST', path: `/api/v2/admin/users/${ids.admin}/disable`, statusCode: 403 },
      { method: 'POST', path: `/api/v2/dashboards/${dashboard}/favorite`, statusCode: 200 },
    ]);
    expect(switched!.actionsTotal).toBe(4);
    for (const action of switched!.actions)
      expect(Date.parse(action.at)).toBe(world.ctx.clock.now().getTime());
  });

  it("records nothing of a user's own session", async () => {
    const admin = await world.signIn('admin', 'Admin123');
    const before = v.parse(SwitchRecordPage, (await world.records(admin)).json());
    expect((await call('POST', '/api/v2/dashboards/', admin, { name: 'Own' })).statusCode).toBe(201);
    const after = v.parse(SwitchRecordPage, (await world.records(admin)).json());
    expect(after).toEqual(before);
  });
});
