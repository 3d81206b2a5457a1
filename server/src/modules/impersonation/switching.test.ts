import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { SWITCH_ERRORS } from '#contracts';
import { users } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { grantsWithout, sessionOf, useImpersonationApp } from './testing';

describeEachBackend('switch account and switch back', (backend) => {
  const world = useImpersonationApp(backend);
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // A second administrator with the same grants, and a deputy (an administrator too) who lacks RND.
    await world.addUser('admin2', grantsWithout());
    await world.addUser('deputy', grantsWithout('RND'));
    for (const name of ['admin', 'admin2', 'operator', 'deputy']) ids[name] = await world.idOf(name);
    ids.acmeOperator = await world.idOf('operator', 'acme');
  });
  const recordCount = async () => {
    const admin = await world.signIn('admin', 'Admin123');
    return world.records(admin).then((answer) => answer.json().recordsTotal) as Promise<number>;
  };

  it("signs the administrator in as the account, naming them as the source, and ends the administrator's session", async () => {
    const admin = await world.signIn('admin', 'Admin123');
    const answer = await world.switchTo(admin, ids.operator!);
    expect(answer.statusCode).toBe(200);
    const session = sessionOf(answer.json());
    expect(session.token.source).toBe('admin');
    expect(session.metadata.username).toBe('operator');
    expect(session.token.authorities).toContainEqual({
      authority: 'GRANT_DEVICES',
      type: 'WRITE',
      domain: 'demo',
    });
    expect(session.token.authorities.map((grant) => grant.authority)).not.toContain('GRANT_SYSTEM');
    expect(await world.works(session.token.id)).toBe(true);
    expect(await world.works(admin)).toBe(false);

    // Acting as the operator, the caller holds the operator's grants: no administration.
    expect((await world.paginate(session.token.id, { pageNumber: 0, pageLength: 20 })).statusCode).toBe(403);
    expect((await world.switchTo(session.token.id, ids.admin2!)).statusCode).toBe(403);
  });

  it('switches back: the impersonation session ends and the administrator gets a fresh session of their own', async () => {
    const operator = await world.signIn('operator', 'Operator123');
    const admin = await world.signIn('admin', 'Admin123');
    const switched = sessionOf((await world.switchTo(admin, ids.operator!)).json()).token.id;
    const answer = await world.switchBack(switched);
    expect(answer.statusCode).toBe(200);
    const own = sessionOf(answer.json());
    expect(own.token.source).toBeNull();
    expect(own.metadata.username).toBe('admin');
    expect(own.token.authorities).toContainEqual({
      authority: 'GRANT_SYSTEM',
      type: 'WRITE',
      domain: 'demo',
    });
    expect(await world.works(own.token.id)).toBe(true);
    expect(await world.works(switched)).toBe(false);
    // The operator's own sign-in was never touched.
    expect(await world.works(operator)).toBe(true);
  });

  it('switches back only from a session acting as someone else', async () => {
    const admin = await world.signIn('admin', 'Admin123');
    const answer = await world.switchBack(admin);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'NOT_SWITCHED', message: SWITCH_ERRORS.NOT_SWITCHED });
    expect(await world.works(admin)).toBe(true);
    expect((await world.switchBack(null)).statusCode).toBe(401);
    expect((await world.switchBack('no-such-token')).statusCode).toBe(401);
  });

  it('refuses another switch while acting as someone else, even as an account given SYSTEM meanwhile', async () => {
    await world.addUser('promoted', grantsWithout('SYSTEM'));
    const admin = await world.signIn('admin', 'Admin123');
    const asPromoted = sessionOf((await world.switchTo(admin, await world.idOf('promoted'))).json()).token.id;
    await world.ctx.handle.db
      .update(users)
      .set({ authorities: grantsWithout() })
      .where(eq(users.username, 'promoted'));
    const again = await world.switchTo(asPromoted, ids.operator!);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SWITCHED' });
    expect(await world.works(asPromoted)).toBe(true);
    expect((await world.switchBack(asPromoted)).statusCode).toBe(200);
  });

  it('never enters another administrator, however equal their grants', async () => {
    const before = await recordCount();
    const admin = await world.signIn('admin', 'Admin123');
    const refused = await world.switchTo(admin, ids.admin2!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'SWITCH_TO_ADMINISTRATOR',
      message: SWITCH_ERRORS.SWITCH_TO_ADMINISTRATOR,
    });
    expect(await world.works(admin)).toBe(true);
    expect(await recordCount()).toBe(before);
  });

  it("refuses another tenant's account, an unknown one and oneself, and keeps the caller's session", async () => {
    const before = await recordCount();
    const admin = await world.signIn('admin', 'Admin123');
    for (const [id, status, code] of [
      [ids.acmeOperator!, 404, 'ACCOUNT_NOT_FOUND'],
      ['00000000-0000-4000-8000-000000000000', 404, 'ACCOUNT_NOT_FOUND'],
      [ids.admin!, 400, 'SWITCH_TO_SELF'],
    ] as const) {
      const answer = await world.switchTo(admin, id);
      expect(answer.statusCode, id).toBe(status);
      expect(answer.json()).toMatchObject({ code, message: SWITCH_ERRORS[code] });
    }
    // acme's own administrator cannot reach demo's accounts either.
    const acme = await world.signIn('admin', 'Admin123', 'acme');
    expect((await world.switchTo(acme, ids.operator!, 'acme')).statusCode).toBe(404);
    expect(await world.works(admin)).toBe(true);
    expect(await recordCount()).toBe(before);
  });

  it('never enters an account holding a grant above the caller’s', async () => {
    const deputy = await world.signIn('deputy', 'Password123');
    const refused = await world.switchTo(deputy, ids.admin!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SWITCH_ABOVE_OWN_GRANTS' });
    expect(await world.works(deputy)).toBe(true);
    // The operator's grants are all within the deputy's.
    const allowed = await world.switchTo(deputy, ids.operator!);
    expect(allowed.statusCode).toBe(200);
    expect(sessionOf(allowed.json()).token.source).toBe('deputy');
  });

  it('never enters a disabled account', async () => {
    await world.addUser('retired', []);
    await world.ctx.handle.db.update(users).set({ disabled: true }).where(eq(users.username, 'retired'));
    const admin = await world.signIn('admin', 'Admin123');
    const answer = await world.switchTo(admin, await world.idOf('retired'));
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'ACCOUNT_DISABLED',
      message: SWITCH_ERRORS.ACCOUNT_DISABLED,
    });
    expect(await world.works(admin)).toBe(true);
  });

  it('does not switch back into an administrator disabled meanwhile', async () => {
    const admin = await world.signIn('admin', 'Admin123');
    const switched = sessionOf((await world.switchTo(admin, ids.operator!)).json()).token.id;
    const disable = (disabled: boolean) =>
      world.ctx.handle.db.update(users).set({ disabled }).where(eq(users.id, ids.admin!));
    await disable(true);
    try {
      const answer = await world.switchBack(switched);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    } finally {
      await disable(false);
    }
  });

  it('lets only SYSTEM at WRITE switch', async () => {
    const operator = await world.signIn('operator', 'Operator123');
    const answer = await world.switchTo(operator, ids.deputy!);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await world.switchTo(null, ids.operator!)).statusCode).toBe(401);
  });

  it('answers a malformed account id with a 400, never a 500', async () => {
    const admin = await world.signIn('admin', 'Admin123');
    for (const id of ['not-an-id', '1', "' OR 1=1 --", 'x'.repeat(90), '%00']) {
      const answer = await world.switchTo(admin, id);
      expect(answer.statusCode, id).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    // Fastify refuses a path parameter this long before any route runs.
    expect((await world.switchTo(admin, 'x'.repeat(5000))).statusCode).toBe(414);
    expect(await world.works(admin)).toBe(true);
  });
});
