import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SERVER_RESTARTING, SOCKET_PATH, TOO_MANY_CONNECTIONS, hasGrant } from '#contracts';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { AuthService } from '../auth/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { RealtimeHub } from './hub';
import { DEFAULT_SESSION_CHECK_MS, SESSION_ENDED, SessionSockets } from './session-sockets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live hub, once the gateway runs (tests read its metrics). */
    realtime: { hub(): RealtimeHub | undefined };
  }
}

const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/** On the root instance: the WebSocket support (and app.injectWS for tests) and app.realtime. */
export async function registerRealtime(
  app: FastifyInstance,
  options: {
    access: GatewayAccess & { readonly started: boolean };
    db: Database;
    account: AccountService;
    auth: AuthService;
    /** How often the sessions of open sockets are re-validated. Default 30 s. */
    sessionCheckIntervalMs?: number | undefined;
    /** Live sockets one session may hold at once; more are closed with TOO_MANY_CONNECTIONS. */
    maxSocketsPerSession: number;
  },
): Promise<void> {
  let hub: RealtimeHub | undefined;
  // Before the server drops its connections, and before the WebSocket plugin closes them without a code (hooks run
  // in the order added): browsers told the server is restarting reconnect at once, to another instance.
  app.addHook('preClose', async () => hub?.closeAll(SERVER_RESTARTING.code, SERVER_RESTARTING.reason));
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const hubOf = () => {
    if (!hub && options.access.started)
      hub = new RealtimeHub({ access: options.access, db: options.db, logger: app.log });
    return hub;
  };
  const sessions = new SessionSockets({
    liveSessions: (tokenHashes) => options.auth.liveSessions(tokenHashes),
    intervalMs: options.sessionCheckIntervalMs ?? DEFAULT_SESSION_CHECK_MS,
    log: app.log,
    maxPerSession: options.maxSocketsPerSession,
  });
  const stopListening = options.auth.onSessionRevoked((tokenHash) => sessions.end(tokenHash));
  app.decorate('realtime', { hub: () => hub });
  app.addHook('onClose', async () => {
    stopListening();
    sessions.stop();
    hub?.close();
  });
  await app.register(realtimeRoutes, { hubOf, account: options.account, sessions });
}

/**
 * GET /client-connect: the live socket. The token comes in the `Authorization` query parameter; without a valid one
 * the upgrade is answered 401 and no socket is opened. When the session ends (logout, expiry) the socket is closed
 * with SESSION_ENDED; one past the session's limit is closed at once with TOO_MANY_CONNECTIONS.
 */
const realtimeRoutes: FastifyPluginAsync<{
  hubOf: () => RealtimeHub | undefined;
  account: AccountService;
  sessions: SessionSockets;
}> = async (app, { hubOf, account, sessions }) => {
  app.get(
    SOCKET_PATH,
    { websocket: true, onRequest: app.authenticate, schema: { hide: true } },
    (socket, request) => {
      const session = request.session!;
      const live = hubOf();
      if (!live) {
        socket.close(1013, 'devices are starting');
        return;
      }
      const forget = sessions.add(session.tokenHash, () =>
        socket.close(SESSION_ENDED.code, SESSION_ENDED.reason),
      );
      if (!forget) {
        socket.close(TOO_MANY_CONNECTIONS.code, TOO_MANY_CONNECTIONS.reason);
        return;
      }
      const client = live.connect(
        {
          tenant: session.tenant.name,
          canReadDevices: hasGrant(session.authorities, 'DEVICES', 'READ'),
          language: session.user.languageCode,
          factorySettings: async () =>
            hasGrant(session.authorities, 'RND', 'WRITE') &&
            (await account.get(session.tenant.id, session.user.id)).enableFactorySettingsLines,
        },
        {
          send: (text) => socket.send(text),
          bufferedAmount: () => socket.bufferedAmount,
          close: (code, reason) => socket.close(code, reason),
        },
      );
      socket.on('message', (data, isBinary) => {
        if (isBinary) return void live.receive(client, '\u0000'); // counted as invalid
        const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString();
        live.receive(client, text).catch((error: unknown) => {
          request.log.warn({ err: error }, 'realtime: message handling failed');
        });
      });
      socket.on('close', () => {
        forget();
        live.disconnect(client);
      });
      socket.on('error', () => live.disconnect(client));
    },
  );
};
