import type WebSocket from 'ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALARM_STREAM_PATH, TOO_MANY_CONNECTIONS, TOO_MANY_STREAMS } from '#contracts';
import { CONNECTION_LIMITS } from '../../http/connections';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';
import { listening, openStream } from '../alarms/testing';

const LIMIT = CONNECTION_LIMITS.maxSocketsPerSession;

/**
 * One session holds a few tabs' worth of live sockets and alarm streams, not thousands (issue 25): the ones past
 * the limit are refused in a way the SPA understands, and a place freed by a closed one can be taken again.
 */
describeEachBackend('what one session may hold open', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const sockets: WebSocket[] = [];
  const streams: Awaited<ReturnType<typeof openStream>>[] = [];
  let base: string;
  beforeAll(async () => {
    base = await listening(ctx.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    for (const stream of streams) await stream.close();
  });

  /** A live socket of `token`: its first message (the session id), or how it was closed before sending one. */
  async function connect(token: string) {
    let settle: (outcome: { message: string } | { code: number; reason: string }) => void = () => {};
    const first = new Promise<{ message: string } | { code: number; reason: string }>((r) => (settle = r));
    const ws = await ctx.app.injectWS(
      `/client-connect?Authorization=${token}`,
      { headers: { host: hostOf('demo') } },
      {
        onInit: (socket) => {
          socket.once('message', (data) => settle({ message: String(data) }));
          socket.once('close', (code, reason) => settle({ code, reason: reason.toString() }));
        },
      },
    );
    sockets.push(ws);
    return { ws, first: await first };
  }
  const clients = () => ctx.app.realtime.hub()?.metrics().clients ?? 0;

  it(`opens ${LIMIT} live sockets for a session and closes the next one with ${TOO_MANY_CONNECTIONS.code}`, async () => {
    const token = await tokenOf(ctx.app, 'operator', 'Operator123');
    const open = [];
    for (let i = 0; i < LIMIT; i++) open.push(await connect(token));
    for (const { first } of open)
      expect(first).toMatchObject({ message: expect.stringContaining('SessionId') });

    const refused = await connect(token);
    expect(refused.first).toEqual({ code: TOO_MANY_CONNECTIONS.code, reason: TOO_MANY_CONNECTIONS.reason });
    // Another session (another person, or the same after signing in again) is not held back by this one.
    const other = await connect(await tokenOf(ctx.app, 'operator', 'Operator123'));
    expect(other.first).toMatchObject({ message: expect.stringContaining('SessionId') });

    // A tab closed: its place is free again.
    const before = clients();
    open[0]!.ws.terminate();
    await eventually(() => clients() === before - 1, { what: 'the closed socket forgotten' });
    expect((await connect(token)).first).toMatchObject({ message: expect.stringContaining('SessionId') });
  });

  it(`opens ${LIMIT} alarm streams for a session and answers the next one 429 ${TOO_MANY_STREAMS}`, async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    for (let i = 0; i < LIMIT; i++) {
      const stream = await openStream(base, token);
      streams.push(stream);
      expect(stream.response.status).toBe(200);
    }
    const refused = await fetch(`${base}${ALARM_STREAM_PATH}`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: TOO_MANY_STREAMS });

    const other = await openStream(base, await tokenOf(ctx.app, 'admin', 'Admin123'));
    streams.push(other);
    expect(other.response.status).toBe(200);

    await eventually(() => ctx.app.alarms.streams.size === LIMIT + 1, { what: 'every stream registered' });
    await streams[0]!.close();
    await eventually(() => ctx.app.alarms.streams.size === LIMIT, { what: 'the closed stream forgotten' });
    const again = await openStream(base, token);
    streams.push(again);
    expect(again.response.status).toBe(200);
  });
});
