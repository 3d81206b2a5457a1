import { expect, it } from 'vitest';
import { RECOVERY_TOKEN_TTL_MINUTES, THROTTLED_CODE } from '#contracts';
import { ADDRESS_LIMIT } from '../auth/throttle';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, login } from '../../testing/app';
import { useRecoveryApp } from './testing';

const NEW_PASSWORD = 'Recovered42';

describeEachBackend('password recovery', (backend) => {
  const recovery = useRecoveryApp(backend);
  const { ctx, nextMail } = recovery;

  it('e-mails a link to a known address whose token names the account', async () => {
    const response = await recovery.request('Admin@Demo.example');
    expect(response.statusCode).toBe(204);
    const mail = await nextMail();
    expect(mail.to).toEqual(['admin@demo.example']);
    expect(mail.subject).toBe('Reset your Coldwatch password');
    expect(mail.text).toContain('Hello admin,');
    expect(mail.text).toContain(`within ${RECOVERY_TOKEN_TTL_MINUTES} minutes`);
    expect(mail.text).toContain('If you did not ask for this, ignore this e-mail');
    // The link leads where the request came from (this machine's name of the tenant), from a no-reply sender.
    expect(mail.link).toBe(`http://localhost:8080/recover-password?token=${mail.token}`);
    expect(mail.from).toBe('Coldwatch <no-reply@localhost>');
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = await recovery.inspect(mail.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ kind: 'recover', username: 'admin' });
  });

  it('never sends a link to a host the request named that is not this machine', async () => {
    // Tenancy reads the first label only: a request naming another domain reaches the same tenant.
    expect((await recovery.request('secure@demo.example', 'demo', 'demo.attacker.example')).statusCode).toBe(
      204,
    );
    const mail = await nextMail();
    expect(mail.link).toBe(`http://demo.localhost:8080/recover-password?token=${mail.token}`);
    expect((await recovery.request('admin@acme.example', 'acme')).statusCode).toBe(204);
    const acme = await nextMail();
    expect(acme.link).toBe(`http://acme.localhost:8080/recover-password?token=${acme.token}`);
  });

  it('sends nothing more within a minute, and again after it', async () => {
    expect((await recovery.request('admin@demo.example')).statusCode).toBe(204);
    await recovery.delivered();
    expect(recovery.received()).toHaveLength(recovery.mailsRead());
    ctx.clock.advance(61_000);
    expect((await recovery.request('admin@demo.example')).statusCode).toBe(204);
    expect((await nextMail()).subject).toBe('Reset your Coldwatch password');
  });

  it('answers an unknown address, or one of another tenant, the same and sends nothing', async () => {
    for (const email of ['nobody@demo.example', 'admin@acme.example']) {
      const response = await recovery.request(email);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    await recovery.delivered();
    expect(recovery.received()).toHaveLength(recovery.mailsRead());
  });

  it('holds off an address after thirty requests, whatever the addresses asked for', async () => {
    const statuses = [];
    for (let i = 0; i < ADDRESS_LIMIT; i++)
      statuses.push(
        (await recovery.request(`someone${i}@demo.example`, 'demo', undefined, '192.0.2.70')).statusCode,
      );
    expect(statuses).toEqual(Array(ADDRESS_LIMIT).fill(204));
    const refused = await recovery.request('admin@demo.example', 'demo', undefined, '192.0.2.70');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: THROTTLED_CODE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await recovery.request('nobody@demo.example', 'demo', undefined, '192.0.2.71')).statusCode).toBe(
      204,
    );
    await recovery.delivered();
    expect(recovery.received()).toHaveLength(recovery.mailsRead());
  });

  it('refuses an unknown, expired or used token as an invalid recovery token', async () => {
    const unknown = await recovery.inspect('not-a-token-we-ever-made');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'RECOVERY_TOKEN_INVALID',
      message: 'Recovery token is invalid or expired',
    });

    ctx.clock.advance(61_000);
    await recovery.request('secure@demo.example');
    const { token } = await nextMail();
    expect((await recovery.inspect(token)).statusCode).toBe(200);
    ctx.clock.advance(RECOVERY_TOKEN_TTL_MINUTES * 60_000 + 1);
    const expired = await recovery.inspect(token);
    expect(expired.json()).toMatchObject({ statusCode: 400, code: 'RECOVERY_TOKEN_INVALID' });
    const late = await recovery.reset(token, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(late.json()).toMatchObject({ statusCode: 400, code: 'RECOVERY_TOKEN_INVALID' });
    expect((await login(ctx.app, { username: 'secure', password: NEW_PASSWORD })).statusCode).toBe(401);
  });

  it('sets the new password through the link: the old one and every session end, the token works once', async () => {
    const signedIn = await login(ctx.app, { username: 'admin', password: 'Admin123' });
    const sessionToken = (signedIn.json() as { token: { id: string } }).token.id;
    const settings = () =>
      ctx.app.inject({
        url: '/api/v2/account/settings',
        headers: { host: hostOf('demo'), authorization: `Bearer ${sessionToken}` },
      });
    expect((await settings()).statusCode).toBe(200);

    ctx.clock.advance(61_000);
    await recovery.request('admin@demo.example');
    const { token } = await nextMail();
    const reset = await recovery.reset(token, { password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(reset.statusCode).toBe(204);

    expect((await login(ctx.app, { username: 'admin', password: 'Admin123' })).statusCode).toBe(401);
    expect((await login(ctx.app, { username: 'admin', password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await settings()).statusCode).toBe(401);
    const again = await recovery.reset(token, { password: 'Another42x', confirmation: 'Another42x' });
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'RECOVERY_TOKEN_INVALID' });
    expect((await recovery.inspect(token)).statusCode).toBe(400);
  });

  it('voids the other links of the account once one of them was used', async () => {
    ctx.clock.advance(61_000);
    await recovery.request('admin@demo.example');
    const first = await nextMail();
    ctx.clock.advance(61_000);
    await recovery.request('admin@demo.example');
    const second = await nextMail();
    expect((await recovery.inspect(first.token)).statusCode).toBe(200);
    const body = { password: 'Second42x', confirmation: 'Second42x' };
    expect((await recovery.reset(second.token, body)).statusCode).toBe(204);
    expect((await recovery.inspect(first.token)).statusCode).toBe(400);
  });

  it('lifts a sign-in lockout', async () => {
    for (let i = 0; i < 5; i++) await login(ctx.app, { username: 'admin', password: 'Wrong123' });
    expect((await login(ctx.app, { username: 'admin', password: 'Second42x' })).statusCode).toBe(423);
    ctx.clock.advance(61_000);
    await recovery.request('admin@demo.example');
    const { token } = await nextMail();
    const body = { password: 'Unlocked42', confirmation: 'Unlocked42' };
    expect((await recovery.reset(token, body)).statusCode).toBe(204);
    expect((await login(ctx.app, { username: 'admin', password: 'Unlocked42' })).statusCode).toBe(200);
  });

  it('refuses a weak password, naming the field, and keeps the token', async () => {
    ctx.clock.advance(61_000);
    await recovery.request('admin@demo.example');
    const { token } = await nextMail();
    const weak = await recovery.reset(token, { password: 'weakpass', confirmation: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(weak.json().message).toMatch(/^password: /);
    expect((await recovery.inspect(token)).statusCode).toBe(200);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const answers = [
      await recovery.request(undefined),
      await recovery.request(''),
      await recovery.request('not an address'),
      await recovery.request(`${'a'.repeat(300)}@demo.example`),
      await recovery.inspect(''),
      await recovery.inspect('x'.repeat(10_000)),
      await recovery.reset('', { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
      await recovery.reset('x'.repeat(10_000), { password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
      await recovery.reset('some-token', { password: 12, confirmation: [] }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
