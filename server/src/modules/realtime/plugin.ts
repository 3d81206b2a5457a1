import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { SERVER_RESTARTING } from '#contracts';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { AuthService } from '../auth/service';
import type { GatewayAccess } from '../devices/gateway-access';
import { RealtimeHub } from './hub';
import { realtimeRoutes } from './routes';
import { SessionSockets } from './session-sockets';

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
    auth: options.auth,
    intervalMs: options.sessionCheckIntervalMs,
    log: app.log,
    maxPerSession: options.maxSocketsPerSession,
  });
  app.decorate('realtime', { hub: () => hub });
  app.addHook('onClose', async () => {
    sessions.stop();
    hub?.close();
  });
  await app.register(realtimeRoutes, { hubOf, account: options.account, sessions });
}
