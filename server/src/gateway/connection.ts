import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { GatewayLogger } from './logger';

export interface BrokerLogin {
  /** mqtt://host:port of the embedded broker or of an external one (MQTT_URL): the same code on both paths. */
  url: string;
  username?: string;
  password?: string;
}

/**
 * Connects the gateway's own client; resolves once connected (the first failure rejects, later losses reconnect
 * on their own and are only logged).
 */
export async function connectGatewayClient(
  login: BrokerLogin,
  clientId: string,
  onMessage: (topic: string, payload: Buffer, retained: boolean) => void,
  log: GatewayLogger,
): Promise<MqttClient> {
  const client = mqtt.connect(login.url, {
    username: login.username,
    password: login.password,
    clientId,
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  client.on('message', (topic, payload, packet) => onMessage(topic, payload, packet.retain));
  client.on('error', (error) => log.warn({ err: error }, 'gateway: mqtt error'));
  client.on('offline', () => log.warn({}, 'gateway: mqtt connection lost, reconnecting'));
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('error', onError);
    client.once('connect', () => {
      client.off('error', onError);
      resolve();
    });
  });
  return client;
}

/**
 * Subscriptions of a module of its own (history recording), each on its own connection because MQTT 3.1.1 cannot
 * tell which subscription delivered a message, nor mark a retained copy as sent for this one.
 */
export class OwnSubscriptions {
  private readonly clients = new Set<MqttClient>();

  constructor(
    private readonly login: BrokerLogin,
    private readonly log: GatewayLogger,
  ) {}

  async add(
    name: string,
    fullFilter: string,
    handler: (topic: string, payload: Buffer, retained: boolean) => void,
  ): Promise<() => Promise<void>> {
    const client = await mqtt.connectAsync(this.login.url, {
      username: this.login.username,
      password: this.login.password,
      clientId: `coldwatch-${name}-${randomUUID()}`,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 1000,
    });
    client.on('message', (topic, payload, packet) => {
      try {
        handler(topic, payload, packet.retain);
      } catch (error) {
        this.log.error({ err: error, name, topic }, 'gateway: subscription handler failed');
      }
    });
    await client.subscribeAsync(fullFilter, { qos: 1 });
    this.clients.add(client);
    return async () => {
      this.clients.delete(client);
      await client.endAsync();
    };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.clients].map((c) => c.endAsync()));
    this.clients.clear();
  }
}
