import { expect, it } from 'vitest';
import * as v from 'valibot';
import { GRANT_AREAS, hasGrant, Session } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, login, tokenOf, demoTotpAt, useTestApp } from '../../testing/app';

const HOUR = 60 * 60_000;

describeEachBackend('auth', (backend) => {
  const ctx = useTestApp(backend);
  const settings = (token: string, tenant = 'demo', query = '') =>
    ctx.app.inject({
      url: `/api/v2/account/settings${query}`,
      headers: { host: hostOf(tenant), ...(query ? {} : { authorization: `Bearer ${token}` }) },
    });

  it('signs in with the session contract, grants scoped to the tenant', async () => {
    const response = await login(ctx.app, {
      username: 'admin',
      password: 'Admin123',
      domain: '',
      type: 'DOMAIN',
    });
    expect(response.statusCode).toBe(200);
    const session = v.parse(Session, response.json());
    expect(session.token.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.token.source).toBeNull();
    expect(session.metadata).toEqual({ username: 'admin', languageCode: 'en', vapidSubscription: null });
    expect(session.token.authorities).toHaveLength(GRANT_AREAS.length);
    expect(session.token.authorities.every((a) => a.type === 'WRITE' && a.domain === 'demo')).toBe(true);
  });

  it('gives the operator devices but no system, ACL or R&D grant', async () => {
    const session = v.parse(
      Session,
      (await login(ctx.app, { username: 'operator', password: 'Operator123' })).json(),
    );
    const { authorities } = session.token;
    expect(hasGrant(authorities, 'DEVICES', 'WRITE')).toBe(true);
    expect(hasGrant(authorities, 'ACCOUNTS', 'READ')).toBe(true);
    expect(hasGrant(authorities, 'ACCOUNTS', 'WRITE')).toBe(false);
    for (const area of ['SYSTEM', 'APPLY_ACL', 'RND']) {
      expect(authorities.find((a) => a.authority === `GRANT_${area}`)).toBeUndefined();
    }
  });

  it('ignores the case of the username and trims both fields', async () => {
    expect((await login(ctx.app, { username: ' Admin ', password: 'Admin123 ' })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    for (const body of [
      { username: 'operator', password: 'wrong' },
      { username: 'nobody', password: 'Admin123' },
    ]) {
      const response = await login(ctx.app, body, 'acme');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', error: 'Unauthorized' });
    }
  });

  it('asks for the security code, then accepts a valid one and refuses a wrong one', async () => {
    const credentials = { username: 'secure', password: 'Secure123' };
    const step1 = await login(ctx.app, { ...credentials, type: 'DOMAIN' });
    expect(step1.statusCode).toBe(202);
    expect(step1.json()).toEqual({ mfaRequired: true });

    const wrongCode = (Number(await demoTotpAt(ctx.clock)) + 1) % 1_000_000;
    const refused = await login(ctx.app, {
      ...credentials,
      type: 'DOMAIN_MFA',
      mfaCode: String(wrongCode).padStart(6, '0'),
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });

    const accepted = await login(ctx.app, {
      ...credentials,
      type: 'DOMAIN_MFA',
      mfaCode: await demoTotpAt(ctx.clock),
    });
    expect(accepted.statusCode).toBe(200);
    expect(v.parse(Session, accepted.json()).metadata.username).toBe('secure');
  });

  it('accepts each security code once, even when it is sent twice at the same time', async () => {
    const credentials = { username: 'secure', password: 'Secure123', type: 'DOMAIN_MFA' };
    ctx.clock.advance(60_000);
    const code = await demoTotpAt(ctx.clock);
    const answers = await Promise.all([1, 2, 3].map(() => login(ctx.app, { ...credentials, mfaCode: code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const replay = await login(ctx.app, { ...credentials, mfaCode: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    // The next code (30 s on) signs in again.
    ctx.clock.advance(30_000);
    const next = await login(ctx.app, { ...credentials, mfaCode: await demoTotpAt(ctx.clock) });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a malformed security code as bad input', async () => {
    const response = await login(ctx.app, { username: 'secure', password: 'Secure123', mfaCode: '12ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('mfaCode: Security code must be exactly 6 digits');
  });

  it('accepts the token in the header or the Authorization query parameter', async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    expect((await settings(token)).statusCode).toBe(200);
    expect((await settings(token, 'demo', `?Authorization=${token}`)).statusCode).toBe(200);
    expect((await settings('not-a-token')).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    expect(
      (await ctx.app.inject({ url: '/api/v2/account/settings', headers: { host: hostOf('demo') } }))
        .statusCode,
    ).toBe(401);
  });

  it("refuses one tenant's token on another tenant's host", async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    expect((await settings(token, 'acme')).statusCode).toBe(200);
    expect((await settings(token, 'demo')).statusCode).toBe(401);
  });

  it('revokes the token on logout', async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(204);
    expect((await settings(token)).statusCode).toBe(401);
  });

  it('expires tokens after 12 hours, or 30 days with remember me', async () => {
    const short = await tokenOf(ctx.app, 'operator', 'Operator123');
    const remembered = (
      await login(ctx.app, { username: 'operator', password: 'Operator123', rememberMe: true })
    ).json().token.id as string;
    ctx.clock.advance(12 * HOUR - 1000);
    expect((await settings(short)).statusCode).toBe(200);
    ctx.clock.advance(2000);
    expect((await settings(short)).statusCode).toBe(401);
    expect((await settings(remembered)).statusCode).toBe(200);
    ctx.clock.advance(30 * 24 * HOUR);
    expect((await settings(remembered)).statusCode).toBe(401);
  });
});
