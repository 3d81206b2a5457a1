import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TEST_BACKEND } from '../testing/backends';
import { hostOf, login, tokenOf, useTestApp } from '../testing/app';

/** Every line the app logs, at the most talkative level. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString('utf8'));
    done();
  },
});

// What is logged does not depend on the database, so one back-end is enough.
describe('logs', () => {
  const ctx = useTestApp(TEST_BACKEND, { devices: true, log: { stream: logStream, level: 'trace' } });

  it('never hold a session token, a password, a security code or a device credential', async () => {
    const password = 'Admin123';
    const token = await tokenOf(ctx.app, 'admin', password);
    const headers = { host: hostOf('demo') };
    await login(ctx.app, { username: 'secure', password: 'Secure123', mfaCode: '987654' });
    // The live socket carries the token in its URL; so may any API call.
    const socket = await ctx.app.injectWS(`/client-connect?Authorization=${token}`, { headers });
    socket.terminate();
    await ctx.app.inject({ url: `/api/v2/account/settings?Authorization=${token}`, headers });
    await ctx.app.inject({ url: `/api/v2/nothing?token=${token}&code=987654`, headers });
    // Whom a recovery link is asked for, and a browser's push endpoint, are kept out like tokens.
    const recover = `/api/v2/account/recover-password?email=${encodeURIComponent('private.person@example.dk')}`;
    expect((await ctx.app.inject({ method: 'PUT', url: recover, headers })).statusCode).toBe(204);
    const endpoint = 'https://push.example/subscription-capability-42';
    await ctx.app.inject({
      url: `/api/v2/unsubscribe?endpoint=${encodeURIComponent(endpoint)}`,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    await ctx.app.recovery.idle();
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/admin/devices',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload: { model: 'CC-410', hexacode: 'ABCDEF01', name: 'Logged case' },
    });
    const credential = registered.json().credential as string;
    expect(credential.length).toBeGreaterThan(16);

    const text = logged.join('');
    expect(text).toContain('/client-connect?Authorization=[REDACTED]');
    expect(text).toContain('/api/v2/account/recover-password?email=[REDACTED]');
    for (const secret of [
      token,
      password,
      'Secure123',
      '987654',
      credential,
      'private.person',
      'capability-42',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
