import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SOCKET_PATH, hasGrant } from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import type { AccountService } from '../account/service';
import type { GatewayAccess } from '../devices/service';
import { RealtimeHub } from './hub';

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
  options: { access: GatewayAccess & { readonly started: boolean }; db: Database; account: AccountService },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  let hub: RealtimeHub | undefined;
  const hubOf = () => {
    if (!hub && options.access.started)
      hub = new RealtimeHub({ access: options.access, db: options.db, logger: app.log });
    return hub;
  };
  app.decorate('realtime', { hub: () => hub });
  app.addHook('onClose', async () => hub?.close());
  await app.register(realtimeRoutes, { hubOf, account: options.account });
}

/**
 * GET /client-connect: the live socket. The token comes in the `Authorization` query parameter; without a valid one
 * the upgrade is answered 401 and no socket is opened.
 */
const realtimeRoutes: FastifyPluginAsync<{
  hubOf: () => RealtimeHub | undefined;
  account: AccountService;
}> = async (app, { hubOf, account }) => {
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
      const client = live.connect(
        {
          tenant: session.tenant.name,
          canReadDevices: hasGrant(session.authorities, 'DEVICES', 'READ'),
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
      socket.on('close', () => live.disconnect(client));
      socket.on('error', () => live.disconnect(client));
    },
  );
};
