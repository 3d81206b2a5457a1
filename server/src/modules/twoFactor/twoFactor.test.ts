import { generateURI } from 'otplib';
import QRCode from 'qrcode';
import { expect, it } from 'vitest';
import { TWO_FACTOR_ERRORS } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, login, tokenOf, useTestApp } from '../../testing/app';
import { totpAt } from '../auth/totp';

const STEP = 30_000;

describeEachBackend('two-factor setup', (backend) => {
  const ctx = useTestApp(backend);

  /** A signed-in caller of one tenant, with the calls of the setup dialog and the settings. */
  async function asUser(username: string, password: string, tenant: string) {
    const token = await tokenOf(ctx.app, username, password, tenant);
    const headers = { host: hostOf(tenant), authorization: `Bearer ${token}` };
    const calls = {
      setup: () => ctx.app.inject({ url: '/api/v2/account/settings/2fa', headers }),
      send: (payload: object, code: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v2/account/verify-2fa?code=${encodeURIComponent(code)}`,
          headers,
          payload,
        }),
      settings: (payload: object) =>
        ctx.app.inject({ method: 'POST', url: '/api/v2/account/settings', headers, payload }),
      read: () => ctx.app.inject({ url: '/api/v2/account/settings', headers }),
    };
    return { ...calls, verify: (secret: string, code: string) => calls.send({ secret }, code) };
  }
  const codeNow = (secret: string) => totpAt(secret, ctx.clock.now());
  /** A code that is wrong now: 000000 unless that happens to be the right one. */
  const wrongCode = async (secret: string) => ((await codeNow(secret)) === '000000' ? '111111' : '000000');

  it('hands out a new secret and its otpauth QR code naming the tenant and the user', async () => {
    const operator = await asUser('operator', 'Operator123', 'acme');
    const first = await operator.setup();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const { secret, qrCode } = first.json() as { secret: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = generateURI({ issuer: 'ACME Retail', label: 'operator', secret });
    expect(qrCode).toBe(await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M' }));
    // Each setup starts afresh: the earlier secret can no longer be confirmed.
    const second = (await operator.setup()).json() as { secret: string };
    expect(second.secret).not.toBe(secret);
    const stale = await operator.verify(secret, await codeNow(secret));
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_EXPIRED' });
  });

  it('refuses wrong and garbled codes with 400, use2FA before a setup, and a setup without an e-mail linked', async () => {
    const operator = await asUser('operator', 'Operator123', 'acme');
    const { secret } = (await operator.setup()).json() as { secret: string };
    const wrong = await operator.send({ secret, email: 'operator@acme.example' }, await wrongCode(secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'TWO_FACTOR_CODE_INVALID',
      message: TWO_FACTOR_ERRORS.TWO_FACTOR_CODE_INVALID,
    });
    for (const [code, body] of [
      ['12a456', { secret }],
      ['12345', { secret }],
      ['', { secret }],
      ['123456', {}],
      ['123456', { secret: 42 }],
    ] as const) {
      const response = await operator.send(body, code);
      expect(response.statusCode, `${code} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    const { secret: fresh } = (await operator.setup()).json() as { secret: string };
    const early = await operator.settings({ use2FA: true });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'TWO_FACTOR_SETUP_REQUIRED' });
    // The operator has no e-mail linked (SPEC §5: two-factor only with one): the code is not even checked.
    const noMail = await operator.verify(fresh, await codeNow(fresh));
    expect(noMail.statusCode).toBe(400);
    expect(noMail.json()).toMatchObject({ code: 'TWO_FACTOR_EMAIL_REQUIRED' });
    expect((await operator.send({ secret: fresh, email: 'not an address' }, '123456')).statusCode).toBe(400);
  });

  it('turns two-factor on as soon as a code confirms the setup, linking the e-mail the dialog holds', async () => {
    const operator = await asUser('operator', 'Operator123', 'acme');
    const { secret } = (await operator.setup()).json() as { secret: string };
    const confirmed = await operator.send({ secret, email: 'operator@acme.example' }, await codeNow(secret));
    expect(confirmed.statusCode).toBe(204);
    // On without a Save of the settings: they say so, and the next sign-in asks for a code.
    expect((await operator.read()).json()).toMatchObject({ use2FA: true, email: 'operator@acme.example' });
    expect((await login(ctx.app, { username: 'operator', password: 'Operator123' }, 'acme')).statusCode).toBe(
      202,
    );
    // A save of the dialog's other settings keeps it on.
    expect((await operator.settings({ use2FA: true, fontSize: 18 })).json()).toMatchObject({ use2FA: true });
  });

  it('asks for the code at sign-in from then on, accepts each code once, and forgets it all when turned off', async () => {
    const admin = await asUser('admin', 'Admin123', 'demo');
    const { secret } = (await admin.setup()).json() as { secret: string };
    const setupCode = await codeNow(secret);
    expect((await admin.verify(secret, setupCode)).statusCode).toBe(204);
    // Confirmed once: the same code cannot confirm again.
    expect((await admin.verify(secret, setupCode)).statusCode).toBe(400);
    expect((await admin.settings({ use2FA: true })).statusCode).toBe(200);

    const password = { username: 'admin', password: 'Admin123' };
    expect((await login(ctx.app, password)).statusCode).toBe(202);
    const withCode = (mfaCode: string) => login(ctx.app, { ...password, type: 'DOMAIN_MFA', mfaCode });
    // The code that finished the setup was used: it does not sign in.
    expect((await withCode(setupCode)).json()).toMatchObject({ code: 'INVALID_MFA_CODE' });
    ctx.clock.advance(STEP);
    const next = await codeNow(secret);
    expect((await withCode(next)).statusCode).toBe(200);
    const replay = await withCode(next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_MFA_CODE' });

    const off = await admin.settings({ use2FA: false });
    expect(off.json()).toMatchObject({ use2FA: false });
    expect((await login(ctx.app, password)).statusCode).toBe(200);
    // Off forgets the secret: on again needs a new setup.
    expect((await admin.settings({ use2FA: true })).json()).toMatchObject({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
    });
  });

  it('limits code attempts like passwords: five wrong codes lock the user for 15 minutes', async () => {
    const operator = await asUser('operator', 'Operator123', 'demo');
    const { secret } = (await operator.setup()).json() as { secret: string };
    const verify = (code: string) => operator.send({ secret, email: 'operator@demo.example' }, code);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await verify(await wrongCode(secret))).statusCode).toBe(400);
    }
    const fifth = await verify(await wrongCode(secret));
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect((await verify(await codeNow(secret))).statusCode).toBe(423);
    expect((await login(ctx.app, { username: 'operator', password: 'Operator123' })).statusCode).toBe(423);

    ctx.clock.advance(15 * 60_000);
    expect((await verify(await codeNow(secret))).statusCode).toBe(204);
  });

  it('needs a sign-in', async () => {
    const host = { host: hostOf('demo') };
    expect((await ctx.app.inject({ url: '/api/v2/account/settings/2fa', headers: host })).statusCode).toBe(
      401,
    );
    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/account/verify-2fa?code=123456',
      headers: host,
      payload: { secret: 'JBSWY3DPEHPK3PXP' },
    });
    expect(verify.statusCode).toBe(401);
  });
});
