import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { timingSafeEqual } from 'node:crypto';
import { type DeviceCredentials, verifyCredential } from './credentials';
import {
  DEFAULT_PREFIX,
  HEXACODE,
  MAX_PACKET_BYTES,
  MAX_RETAINED_TOPICS_PER_DEVICE,
  TENANT,
  Topics,
  deviceUsername,
} from './protocol';
import { limitPacketSize } from './packet-limit';
import { RetainedTopics } from './retained-topics';
import { type GatewayLogger, silentLogger } from './logger';

export interface BrokerOptions {
  /** TCP port; 0 picks a free one (tests). The product uses MQTT_PORT, default 1884. */
  port: number;
  host?: string;
  credentials: DeviceCredentials;
  /** The server's own MQTT identity: may publish and subscribe anywhere. */
  server: { username: string; password: string };
  prefix?: string;
  logger?: GatewayLogger;
}

export interface EmbeddedBroker {
  readonly port: number;
  readonly url: string;
  readonly aedes: Aedes;
  close(): Promise<void>;
}

/** `username`: the device's, "<tenant>/<hexacode>", kept so that no publish builds it again. */
type Identity = { kind: 'server' } | { kind: 'device'; tenant: string; hexacode: string; username: string };

/** Protocol levels of the CONNECT packet. */
const MQTT_3_1 = 3;
const MQTT_5 = 5;
const IDENTIFIER_REJECTED = 2;
const BAD_CREDENTIALS = 4;

function refuse(message: string, returnCode = BAD_CREDENTIALS): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Aedes on a TCP port. A device logs in as "<tenant>/<hexacode>" with its credential, under that same client id
 * (so no one can take over another device's connection), and may touch only <prefix>/<tenant>/<hexacode>/…:
 * publish its status, department values/statuses, replies and (not retained) alarms, subscribe to its commands. The server's client logs
 * in with the server credential. Packets and retained topics are limited to what the protocol needs.
 */
export async function startBroker(options: BrokerOptions): Promise<EmbeddedBroker> {
  const log = options.logger ?? silentLogger;
  const topics = new Topics(options.prefix ?? DEFAULT_PREFIX);
  const identities = new WeakMap<Client, Identity>();
  const serverPassword = Buffer.from(options.server.password, 'utf8');
  const retained = new RetainedTopics(MAX_RETAINED_TOPICS_PER_DEVICE);

  const aedes = await Aedes.createBroker({
    preConnect(_client, packet, done) {
      // Aedes speaks MQTT 3.1 (protocol level 3) besides 3.1.1 (level 4); the protocol is 3.1.1 only. A level-3
      // CONNECT is handed on as level 5, which Aedes refuses first thing: CONNACK 1 (unacceptable protocol
      // version, written in the 3.1.1 form that 3.1 shares), then it disconnects, before any credential is read.
      if (packet.protocolVersion === MQTT_3_1) packet.protocolVersion = MQTT_5;
      done(null, true);
    },
    authenticate(client, username, password, done) {
      const pass = password ?? Buffer.alloc(0);
      if (username === options.server.username) {
        const ok = pass.length === serverPassword.length && timingSafeEqual(pass, serverPassword);
        if (!ok) return done(refuse('bad server credential'), false);
        identities.set(client, { kind: 'server' });
        return done(null, true);
      }
      const [tenant, hexacode, extra] = (username ?? '').split('/');
      if (!tenant || !hexacode || extra !== undefined || !TENANT.test(tenant) || !HEXACODE.test(hexacode)) {
        log.warn({ clientId: client.id }, 'mqtt: refused login with a malformed username');
        return done(refuse('bad username'), false);
      }
      options.credentials.lookup(tenant, hexacode).then(
        (stored) => {
          if (!stored || !verifyCredential(pass.toString('utf8'), stored)) {
            log.warn({ tenant, hexacode }, 'mqtt: refused device login');
            return done(refuse('bad credentials'), false);
          }
          // A client id is a connection's identity: a second connection with it replaces the first. Only the
          // device itself may use its own.
          const deviceName = deviceUsername(tenant, hexacode);
          if (client.id !== deviceName) {
            log.warn(
              { clientId: client.id, tenant, hexacode },
              'mqtt: refused a device under another client id',
            );
            return done(refuse('client id must be the username', IDENTIFIER_REJECTED), false);
          }
          identities.set(client, { kind: 'device', tenant, hexacode, username: deviceName });
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error, tenant, hexacode }, 'mqtt: credential lookup failed');
          done(Object.assign(new Error('unavailable'), { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const identity = client ? identities.get(client) : undefined;
      if (!client) return callback(null); // the broker itself
      if (identity?.kind === 'server') return callback(null);
      const parsed = topics.parse(packet.topic);
      if (
        identity?.kind === 'device' &&
        parsed &&
        parsed.tenant === identity.tenant &&
        parsed.hexacode === identity.hexacode &&
        parsed.kind !== 'commands' &&
        // An alarm is an event: a retained one would be raised again on every server start.
        !(parsed.kind === 'alarms' && packet.retain) &&
        retained.admits(identity.username, packet)
      ) {
        return callback(null);
      }
      log.warn(
        { clientId: client.id, topic: packet.topic },
        'mqtt: refused publish outside the device topics',
      );
      callback(new Error('not authorized'));
    },
    authorizeSubscribe(client, subscription, callback) {
      const identity = identities.get(client);
      if (identity?.kind === 'server') return callback(null, subscription);
      if (
        identity?.kind === 'device' &&
        subscription.topic === topics.commands(identity.tenant, identity.hexacode)
      ) {
        return callback(null, subscription);
      }
      log.warn({ clientId: client.id, topic: subscription.topic }, 'mqtt: refused subscription');
      callback(null, null); // negative SUBACK (0x80)
    },
  });

  // No Nagle delay: a QoS 1 publish would otherwise wait ~40 ms for the delayed acknowledgement of the previous one.
  const server: Server = createServer({ noDelay: true }, (socket) =>
    aedes.handle(limitPacketSize(socket, MAX_PACKET_BYTES)),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  log.info({ port }, 'mqtt: embedded broker listening');

  return {
    port,
    url: `mqtt://${host}:${port}`,
    aedes,
    async close() {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      // aedes.close ends the client connections; the listener closes once they are gone.
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
