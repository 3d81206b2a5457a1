import type { FastifyPluginAsync } from 'fastify';
import { SOCKET_PATH, TOO_MANY_CONNECTIONS, hasGrant } from '#contracts';
import type { AccountService } from '../account/service';
import type { RealtimeHub } from './hub';
import { SESSION_ENDED, type SessionSockets } from './session-sockets';

/**
 * GET /client-connect: the live socket. The token comes in the `Authorization` query parameter; without a valid one
 * the upgrade is answered 401 and no socket is opened. When the session ends (logout, expiry) the socket is closed
 * with SESSION_ENDED; one past the session's limit is closed at once with TOO_MANY_CONNECTIONS.
 */
export const realtimeRoutes: FastifyPluginAsync<{
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
