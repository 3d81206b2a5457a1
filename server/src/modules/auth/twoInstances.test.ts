import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Line } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, secondInstance, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { SESSION_CACHE_MS } from './service';

describeEachBackend('sessions over two instances', (backend) => {
  // Sockets are re-validated only hourly here: only the notification can close them.
  const ctx = useTestApp(backend, { devices: true, sessionCheckIntervalMs: 3_600_000 });
  /** A second instance over the same database: it shares nothing with the first but the data. */
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await secondInstance(ctx, { sessionCheckIntervalMs: 3_600_000 });
  });
  afterAll(() => other.close());

  const list = (app: FastifyInstance, token: string) =>
    app.inject({
      url: '/api/v2/dashboards/',
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
    });
  const logout = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
    });

  it('a session made on one instance works on the other', async () => {
    const token = await tokenOf(ctx.app, 'operator', 'Operator123');
    expect((await list(other, token)).statusCode).toBe(200);
  });

  it('logout ends the session on both instances at once, though the other had it in its cache', async () => {
    const token = await tokenOf(ctx.app, 'operator', 'Operator123');
    expect((await list(ctx.app, token)).statusCode).toBe(200);
    expect((await list(other, token)).statusCode).toBe(200);
    expect((await logout(ctx.app, token)).statusCode).toBeLessThan(300);
    expect((await list(ctx.app, token)).statusCode).toBe(401);
    // Told through the database: well before the cache would have let it go.
    const refused = await eventually(async () => (await list(other, token)).statusCode === 401, {
      what: 'the other instance refusing the ended session',
      timeoutMs: SESSION_CACHE_MS / 2,
    });
    expect(refused).toBe(true);
  });

  it('a language chosen through one instance names lines in it on both at once, though both had the session cached', async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    const headers = { host: hostOf('demo'), authorization: `Bearer ${token}` };
    const airLine = async (app: FastifyInstance) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v2/devices/pages/lines',
          headers,
          payload: { hexacode: '1A0102', rawHexacode: '1A0102', department: 1, subDepartment: 0, page: 1 },
        })
      ).json<{ lines: Line[] }>().lines[0]?.name;
    const speak = (code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/account/settings',
        headers,
        payload: { language: { code, label: code } },
      });
    expect(await airLine(ctx.app)).toBe('Air temperature');
    expect(await airLine(other)).toBe('Air temperature');
    try {
      expect((await speak('DE')).statusCode).toBe(200);
      expect(await airLine(ctx.app)).toBe('Lufttemperatur');
      const told = await eventually(async () => (await airLine(other)) === 'Lufttemperatur', {
        what: 'the other instance naming the line in German',
        timeoutMs: SESSION_CACHE_MS / 2,
      });
      expect(told).toBe(true);
    } finally {
      await speak('EN');
    }
  });

  it('closes the live sockets of an ended session on the other instance at once', async () => {
    const token = await tokenOf(ctx.app, 'operator', 'Operator123');
    let opened = false;
    const ws = await other.injectWS(
      `/client-connect?Authorization=${token}`,
      { headers: { host: hostOf('demo') } },
      { onInit: (socket) => void socket.once('message', () => (opened = true)) },
    );
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    await eventually(() => opened, { what: 'SessionId' });
    await logout(ctx.app, token);
    expect(await closed).toBe(4401);
  });
});
