import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { RECOVERY_TOKEN_TTL_MINUTES } from '#contracts';
import { tenants, users } from '../../db/schema';
import type { AppError } from '../../errors';
import { login } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { useRecoveryApp } from './testing';

describeEachBackend('password setup links', (backend) => {
  const recovery = useRecoveryApp(backend);
  const { ctx, nextMail } = recovery;

  /** The ids of a demo user, as the administrators' "create user" will have them. */
  async function idsOf(username: string, tenant = 'demo') {
    const [row] = await ctx.handle.db
      .select({ tenantId: users.tenantId, userId: users.id })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(tenants.name, tenant), eq(users.username, username)));
    return row!;
  }

  it('e-mails a setup link in the language of the user; the link chooses the password once', async () => {
    const { tenantId, userId } = await idsOf('secure');
    await ctx.handle.db.update(users).set({ languageCode: 'FR' }).where(eq(users.id, userId));
    await ctx.app.recovery.issueSetupToken(tenantId, userId, null);
    const mail = await nextMail();
    expect(mail.to).toEqual(['secure@demo.example']);
    expect(mail.subject).toBe('Définir votre mot de passe Coldwatch');
    expect(mail.text).toContain('Bonjour secure,');
    expect(mail.link).toBe(`http://demo.localhost:8080/setup-password?token=${mail.token}`);
    expect((await recovery.inspect(mail.token)).json()).toEqual({ kind: 'setup', username: 'secure' });

    const body = { password: 'Chosen42x', confirmation: 'Chosen42x' };
    expect((await recovery.reset(mail.token, body)).statusCode).toBe(204);
    const signIn = await login(ctx.app, { username: 'secure', password: 'Chosen42x' });
    // The password was right: the account's two-factor step follows.
    expect(signIn.statusCode).toBe(202);
    const used = await recovery.inspect(mail.token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({
      code: 'SETUP_TOKEN_INVALID',
      message: 'Setup token is invalid or expired',
    });
  });

  it('refuses an expired setup link as an invalid setup token', async () => {
    const { tenantId, userId } = await idsOf('admin');
    await ctx.app.recovery.issueSetupToken(tenantId, userId, null);
    const { token } = await nextMail();
    ctx.clock.advance(RECOVERY_TOKEN_TTL_MINUTES * 60_000);
    expect((await recovery.inspect(token)).json()).toMatchObject({ code: 'SETUP_TOKEN_INVALID' });
    const body = { password: 'Chosen42x', confirmation: 'Chosen42x' };
    expect((await recovery.reset(token, body)).json()).toMatchObject({ code: 'SETUP_TOKEN_INVALID' });
  });

  it("does not take a tenant's link on another tenant's host", async () => {
    const { tenantId, userId } = await idsOf('admin');
    await ctx.app.recovery.issueSetupToken(tenantId, userId, null);
    const { token } = await nextMail();
    expect((await recovery.inspect(token, 'acme')).json()).toMatchObject({ code: 'RECOVERY_TOKEN_INVALID' });
    expect((await recovery.inspect(token)).statusCode).toBe(200);
  });

  it('says why it cannot send: no such user of the tenant, or no address', async () => {
    const { tenantId, userId } = await idsOf('operator');
    const acme = await idsOf('admin', 'acme');
    const codeOf = (work: Promise<void>) =>
      work.then(
        () => 'sent',
        (error: AppError) => error.code,
      );
    expect(await codeOf(ctx.app.recovery.issueSetupToken(tenantId, userId, null))).toBe('USER_WITHOUT_EMAIL');
    expect(await codeOf(ctx.app.recovery.issueSetupToken(tenantId, randomUUID(), null))).toBe(
      'USER_NOT_FOUND',
    );
    expect(await codeOf(ctx.app.recovery.issueSetupToken(tenantId, acme.userId, null))).toBe(
      'USER_NOT_FOUND',
    );
    await recovery.delivered();
    expect(recovery.received()).toHaveLength(recovery.mailsRead());
  });
});
