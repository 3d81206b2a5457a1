import type WebSocket from 'ws';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { describeEachBackend, type TestBackend } from '../../testing/backends';
import { hostOf, login, tokenOf, useTestApp, type TestContext } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { SessionSockets } from './session-sockets';

const TWELVE_HOURS = 12 * 60 * 60_000;

/** Opens a live socket with `token`; `closed` resolves with the close code and reason the client gets. */
async function openSocket(ctx: TestContext, token: string, sockets: WebSocket[]) {
  let sessionId = false;
  const ws = await ctx.app.injectWS(
    `/client-connect?Authorization=${token}`,
    { headers: { host: hostOf('demo') } },
    { onInit: (socket) => void socket.once('message', () => (sessionId = true)) },
  );
  sockets.push(ws);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await eventually(() => sessionId, { what: 'SessionId' });
  return { ws, closed };
}

/**
 * Waits for `count` more passes of the periodic session re-validation, of the live sockets' registry and the alarm
 * streams' alike (both run every `sessionCheckIntervalMs`).
 */
async function revalidations(count: number): Promise<void> {
  const passes = vi.spyOn(SessionSockets.prototype, 'revalidate');
  try {
    await eventually(() => passes.mock.results.length >= 2 * count, {
      what: `${count} re-validations of the sessions`,
    });
    await Promise.all(passes.mock.results.map((result) => result.value));
  } finally {
    passes.mockRestore();
  }
}

/** Whether the socket is still served: the server echoes the heartbeat. */
function echoesHeartbeat(ws: WebSocket): Promise<boolean> {
  const echoed = new Promise<boolean>((resolve) =>
    ws.once('message', (data) => resolve(String(data) === 'ping')),
  );
  ws.send('ping');
  return echoed;
}

/**
 * A test app that re-validates the sessions every `sessionCheckIntervalMs`; `open` opens a live socket with a token
 * (openSocket), and the sockets it opened are ended after the suite.
 */
function useSocketApp(backend: TestBackend, sessionCheckIntervalMs: number) {
  const ctx = useTestApp(backend, { devices: true, sessionCheckIntervalMs });
  const sockets: WebSocket[] = [];
  afterAll(() => sockets.forEach((s) => s.terminate()));
  return { ctx, open: (token: string) => openSocket(ctx, token, sockets) };
}

/** POST /api/logout with `authorization` as the bearer token. */
const logout = (ctx: TestContext, authorization: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/logout',
    headers: { host: hostOf('demo'), authorization: `Bearer ${authorization}` },
  });

describeEachBackend('live socket sessions', (backend) => {
  describe('logout', () => {
    // The periodic check never runs here: only the logout itself can close the socket.
    const { ctx, open } = useSocketApp(backend, 3_600_000);

    it('closes the sockets of a session at once when it logs out, and only those', async () => {
      const token = await tokenOf(ctx.app, 'operator', 'Operator123');
      const other = await tokenOf(ctx.app, 'operator', 'Operator123');
      const first = await open(token);
      const second = await open(token);
      const untouched = await open(other);

      expect((await logout(ctx, token)).statusCode).toBe(204);
      expect(await first.closed).toEqual({ code: 4401, reason: 'session ended' });
      expect(await second.closed).toEqual({ code: 4401, reason: 'session ended' });
      expect(await echoesHeartbeat(untouched.ws)).toBe(true);
    });

    it('a logout of an unknown token closes nothing', async () => {
      const token = await tokenOf(ctx.app, 'operator', 'Operator123');
      const socket = await open(token);
      expect((await logout(ctx, 'not-a-session')).statusCode).toBe(204);
      // A logout closes its sockets before it answers: a close would have come before the echo.
      expect(await echoesHeartbeat(socket.ws)).toBe(true);
    });
  });

  describe('expiry', () => {
    const { ctx, open } = useSocketApp(backend, 100);

    it('closes a socket whose session expired at the next re-validation; a valid one stays open', async () => {
      const shortToken = await tokenOf(ctx.app, 'operator', 'Operator123');
      const remembered = await login(ctx.app, {
        username: 'operator',
        password: 'Operator123',
        rememberMe: true,
      });
      const longToken = (remembered.json() as { token: { id: string } }).token.id;
      const short = await open(shortToken);
      const long = await open(longToken);

      // Both sessions are valid: several re-validations pass and both sockets stay open.
      await revalidations(3);
      expect(short.ws.readyState).toBe(short.ws.OPEN);
      expect(long.ws.readyState).toBe(long.ws.OPEN);

      ctx.clock.advance(TWELVE_HOURS + 60_000); // past a plain session, well within a remembered one
      expect(await short.closed).toEqual({ code: 4401, reason: 'session ended' });
      await revalidations(3);
      expect(long.ws.readyState).toBe(long.ws.OPEN);
      expect(await echoesHeartbeat(long.ws)).toBe(true);
    });
  });
});
