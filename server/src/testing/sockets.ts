import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type WebSocket from 'ws';
import { messagesOfFrame, type ServerMessage } from '#contracts';
import { hostOf, tokenOf, type TestContext } from './app';
import { fleetOnline } from './devices';

export type Received = ServerMessage | string;

/**
 * Opens the live socket of `tenant` (with `query`, the token's by default) and records every text it gets, JSON
 * parsed where it is JSON; listens before the upgrade completes, since the server speaks first (SessionId).
 */
async function openLiveSocket(
  app: FastifyInstance,
  token: string,
  options: { tenant?: string; query?: string } = {},
): Promise<{ ws: WebSocket; messages: Received[] }> {
  const messages: Received[] = [];
  // A frame of several messages (a flush's pages) is recorded as its messages, in their order.
  const record = (data: unknown) => {
    const text = String(data);
    try {
      messages.push(...messagesOfFrame(JSON.parse(text) as ServerMessage | ServerMessage[]));
    } catch {
      messages.push(text);
    }
  };
  const ws = await app.injectWS(
    `/client-connect${options.query ?? `?Authorization=${token}`}`,
    { headers: { host: hostOf(options.tenant ?? 'demo') } },
    { onInit: (socket) => void socket.on('message', record) },
  );
  return { ws, messages };
}

/** The JSON messages of one type among those received. */
export const ofType = <T extends ServerMessage['type']>(messages: readonly Received[], type: T) =>
  messages.filter((m): m is Extract<ServerMessage, { type: T }> => typeof m !== 'string' && m.type === type);

/**
 * The live sockets of a suite: the operator signed in once the demo fleet is all online, sockets opened with the
 * operator's token (or `options`), all closed after the suite.
 */
export function useLiveSockets(ctx: TestContext) {
  let token = '';
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'operator', 'Operator123');
    await fleetOnline(ctx.devices);
  });
  afterAll(() => {
    for (const s of sockets) s.terminate();
  });
  return {
    token: () => token,
    async open(options: { tenant?: string; query?: string } = {}) {
      const opened = await openLiveSocket(ctx.app, token, options);
      sockets.push(opened.ws);
      return opened;
    },
  };
}
