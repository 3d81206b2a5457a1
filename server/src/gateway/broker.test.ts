import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedDevice } from '../simulator/device';
import type { FleetDevice } from '../simulator/fleetDevice';
import { eventually } from '../testing/wait';
import { type AdfRegistry, loadAdfs } from './adf/loader';
import { type EmbeddedBroker, startBroker } from './broker';
import { MemoryDeviceCredentials } from './credentials';
import { MAX_PACKET_BYTES, MAX_RETAINED_TOPICS_PER_DEVICE, Topics } from './protocol';

/** The embedded broker as a device with bad intentions meets it, over real MQTT/TCP. */
const SERVER = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };

/**
 * Sends a marker through the broker to `client` (a server client) and waits for it: what the broker was to send
 * `client` before it (a last will, a forwarded or a retained message) has arrived by then.
 */
async function fence(client: MqttClient): Promise<void> {
  const marker = `fence/${randomBytes(4).toString('hex')}`;
  let back = false;
  const heard = (topic: string) => (back ||= topic === marker);
  client.on('message', heard);
  try {
    await client.subscribeAsync(marker);
    await client.publishAsync(marker, 'fence', { qos: 1 });
    await eventually(() => back, { what: 'the marker back from the broker' });
  } finally {
    client.off('message', heard);
  }
}
const topics = new Topics('devices');
const device = (tenant: string, hexacode: string): FleetDevice => ({
  tenant,
  hexacode,
  model: 'CC-410',
  name: `Case ${hexacode}`,
  credential: `credential-of-${tenant}-${hexacode}`,
  profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
});
const VICTIM = device('acme', 'A1A1A1');
const ATTACKER = device('demo', 'B2B2B2');

describe('embedded broker against a hostile device', () => {
  let adfs: AdfRegistry;
  let broker: EmbeddedBroker;
  let victim: SimulatedDevice;
  let spy: MqttClient;
  const statuses: string[] = [];
  const clients: MqttClient[] = [];

  const connectAs = (spec: FleetDevice, options: mqtt.IClientOptions = {}) =>
    mqtt
      .connectAsync(broker.url, {
        username: `${spec.tenant}/${spec.hexacode}`,
        password: spec.credential,
        clientId: `${spec.tenant}/${spec.hexacode}`,
        protocolVersion: 4,
        reconnectPeriod: 0,
        ...options,
      })
      .then((client) => (clients.push(client), client));

  beforeAll(async () => {
    adfs = await loadAdfs();
    const credentials = new MemoryDeviceCredentials(
      [VICTIM, ATTACKER].map(({ tenant, hexacode, credential }) => ({ tenant, hexacode, credential })),
    );
    broker = await startBroker({ port: 0, host: '127.0.0.1', credentials, server: SERVER });
    spy = await mqtt.connectAsync(broker.url, { ...SERVER, protocolVersion: 4, reconnectPeriod: 0 });
    spy.on('message', (topic, payload) => {
      if (topic === topics.status(VICTIM.tenant, VICTIM.hexacode)) statuses.push(payload.toString());
    });
    await spy.subscribeAsync(topics.status(VICTIM.tenant, VICTIM.hexacode));
    victim = new SimulatedDevice(VICTIM, adfs.get('CC-410')!, { url: broker.url, eventRate: 0 });
    await victim.connect();
    await eventually(() => statuses.some((s) => s.includes('"online":true')), {
      what: "the victim's online status",
    });
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.endAsync(true).catch(() => {})));
  });

  afterAll(async () => {
    await victim?.disconnect();
    await spy?.endAsync();
    await broker?.close();
  });

  it("refuses a device that takes another device's client id, in any tenant; the victim stays online", async () => {
    statuses.length = 0;
    for (const clientId of [`${VICTIM.tenant}/${VICTIM.hexacode}`, 'coldwatch-server-1', 'anything']) {
      await expect(connectAs(ATTACKER, { clientId })).rejects.toThrow(/Identifier rejected/i);
    }
    await fence(spy);
    expect(victim.connected).toBe(true);
    expect(statuses.filter((s) => s.includes('"online":false'))).toEqual([]);
    // Its own client id is fine.
    expect((await connectAs(ATTACKER)).connected).toBe(true);
  });

  it('reconnects a device with back-off after its connection is taken away', async () => {
    statuses.length = 0;
    // The broker drops the connection (as a restart or a network fault would).
    const { clients } = broker.aedes as unknown as { clients: Record<string, { close(): void }> };
    clients['acme/A1A1A1']!.close();
    await eventually(() => statuses.some((s) => s.includes('"online":true')), {
      what: "the victim's online status again",
    });
    expect(victim.connected).toBe(true);
  });

  it('closes the connection of a packet larger than the protocol needs, and stores nothing of it', async () => {
    const attacker = await connectAs(ATTACKER);
    const closed = new Promise<void>((resolve) => attacker.once('close', () => resolve()));
    const seen: string[] = [];
    spy.on('message', (topic) => seen.push(topic));
    const big = topics.values(ATTACKER.tenant, ATTACKER.hexacode, 1, 0);
    await spy.subscribeAsync(big);
    attacker.publish(big, Buffer.alloc(MAX_PACKET_BYTES + 1, 0x20), { qos: 0, retain: true });
    await closed;
    await fence(spy);
    expect(seen).not.toContain(big);
  });

  it('keeps the number of retained topics of a device to what the protocol needs', async () => {
    const attacker = await connectAs(ATTACKER);
    const closed = new Promise<void>((resolve) => attacker.once('close', () => resolve()));
    for (let d = 0; d <= MAX_RETAINED_TOPICS_PER_DEVICE; d++) {
      if (!attacker.connected) break;
      attacker.publish(topics.values(ATTACKER.tenant, ATTACKER.hexacode, d, 0), '{}', {
        qos: 0,
        retain: true,
      });
    }
    await closed;
    const retained: string[] = [];
    const reader = await mqtt.connectAsync(broker.url, { ...SERVER, protocolVersion: 4, reconnectPeriod: 0 });
    reader.on('message', (topic) => topic.startsWith('devices/') && retained.push(topic));
    await reader.subscribeAsync(`devices/${ATTACKER.tenant}/${ATTACKER.hexacode}/#`);
    await fence(reader); // the broker sends what it retains at the subscription
    await reader.endAsync();
    expect(retained.length).toBeLessThanOrEqual(MAX_RETAINED_TOPICS_PER_DEVICE);
  });

  it('speaks MQTT 3.1.1 only: an MQTT 5 connection is refused', async () => {
    await expect(connectAs(ATTACKER, { protocolVersion: 5 })).rejects.toThrow(
      /Unacceptable protocol version/i,
    );
  });

  it('refuses MQTT 3.1 (protocol level 3) with CONNACK 1, even with the right credential', async () => {
    await expect(
      connectAs(ATTACKER, { protocolVersion: 3, protocolId: 'MQIsdp', clientId: 'demo/B2B2B2' }),
    ).rejects.toThrow(/Unacceptable protocol version/i);
    // The same device speaking 3.1.1 is let in.
    const client = await connectAs(ATTACKER);
    expect(client.connected).toBe(true);
    await client.endAsync();
  });
});
