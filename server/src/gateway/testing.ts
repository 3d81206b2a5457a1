import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { expect } from 'vitest';
import type { FleetDevice } from '../simulator/fleetDevice';
import { eventually } from '../testing/wait';
import { type AdfRegistry, loadAdfs } from './adf/loader';
import { type EmbeddedBroker, startBroker } from './broker';
import type { GatewayClock } from './clock';
import { MemoryDeviceCredentials } from './credentials';
import { MemoryDeviceDirectory } from './directory';
import { Gateway, type GatewayEvent, type GatewayMetrics, type GatewayOptions } from './gateway';
import { PROTOCOL_VERSION, Topics } from './protocol';
import type { VirtualDeviceDefinition } from './virtual';

/** Test helpers of the gateway's device tests: real MQTT over TCP against the embedded broker. */

export type ManualClock = GatewayClock & { advance(ms: number): void };

/** Time that moves only when told; due timers run as it passes them. */
export function manualClock(start: number): ManualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
  };
}

/** A registered CC-410 (or `model`) device of tenant `demo` with a credential of its own. */
export const testDevice = (hexacode: string, model = 'CC-410'): FleetDevice => ({
  tenant: 'demo',
  hexacode,
  model,
  name: `Case ${hexacode}`,
  credential: `credential-of-${hexacode}-xyz`,
  profiles: { '1.0': 'mt-case', '1.1': 'mt-case' },
});

/** A virtual device `virtual` with one line: the average air temperature of departments 1.0 and 1.1 of `hexacode`. */
/**
 * Waits until `gateway` has received `count` messages more than it had at `before`; answers its metrics then and
 * how many of the messages since it rejected for `reason`.
 */
export async function metricsAfter(gateway: Gateway, before: GatewayMetrics, count: number) {
  const after = await eventually(
    () => {
      const now = gateway.metrics();
      return now.received - before.received >= count ? now : undefined;
    },
    { what: `${count} more messages received` },
  );
  const rejected = (reason: string) => (after.rejected[reason] ?? 0) - (before.rejected[reason] ?? 0);
  return { after, rejected };
}

/** Expects `events` to have announced department 1.1 of `hexacode` and the device itself ON_ALARM. */
export function expectAnnouncedInAlarm(events: GatewayEvent[], tenant: string, hexacode: string): void {
  expect(events).toContainEqual({
    type: 'DepartmentStatus',
    tenant,
    hexacode,
    department: 1,
    subDepartment: 1,
    status: 'ON_ALARM',
  });
  expect(events).toContainEqual({ type: 'DeviceStatus', tenant, hexacode, status: 'ON_ALARM' });
}

export const averageAirOf = (virtual: string, hexacode: string): VirtualDeviceDefinition => ({
  hexacode: virtual,
  name: 'Site',
  departments: [
    {
      department: 1,
      subDepartment: 0,
      name: 'Overview',
      pages: [
        {
          number: 1,
          name: 'Summary',
          lines: [
            {
              number: 1,
              name: 'Average air',
              unit: '°C',
              decimals: 1,
              aggregate: 'avg',
              sources: [
                { hexacode, department: 1, subDepartment: 0, page: 1, line: 1 },
                { hexacode, department: 1, subDepartment: 1, page: 1, line: 1 },
              ],
            },
          ],
        },
      ],
    },
  ],
});

const SERVER_LOGIN = { username: 'coldwatch-server', password: randomBytes(16).toString('hex') };

/** An embedded broker that knows `devices`, a gateway on it, and what the gateway announced. */
export interface GatewayBench {
  broker: EmbeddedBroker;
  gateway: Gateway;
  adfs: AdfRegistry;
  topics: Topics;
  events: GatewayEvent[];
  /** Connects as a device (with its last will when `will`); closed by stop(). */
  connectAs(spec: FleetDevice, will?: boolean): Promise<MqttClient>;
  /** Publishes a protocol message (QoS 1). */
  publish(client: MqttClient, topic: string, message: object, retain?: boolean): Promise<unknown>;
  /** Closes the broker (its retained messages are lost with it) and starts a new one on the same port. */
  restartBroker(): Promise<void>;
  /**
   * Waits until the broker has acknowledged every request of the server's own client (the re-reads' SUBSCRIBE
   * and UNSUBSCRIBE): a test on a manual clock lets no server time pass while a round trip is under way.
   */
  serverRequestsAnswered(): Promise<void>;
  /** The device says it is online (retained), with the departments it has. */
  online(client: MqttClient, spec: FleetDevice, departments?: string[]): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startGatewayBench(
  devices: readonly FleetDevice[],
  options: Partial<GatewayOptions> = {},
): Promise<GatewayBench> {
  const adfs = await loadAdfs();
  const topics = new Topics('devices');
  const credentials = new MemoryDeviceCredentials(devices);
  const directory = new MemoryDeviceDirectory();
  for (const d of devices)
    directory.set({ tenant: d.tenant, hexacode: d.hexacode, name: d.name, model: d.model });
  const brokerOn = (port: number) =>
    startBroker({ port, host: '127.0.0.1', credentials, server: SERVER_LOGIN });
  const broker = await brokerOn(0);
  const gateway = new Gateway({ url: broker.url, ...SERVER_LOGIN, adfs, directory, ...options });
  await gateway.start();
  const events: GatewayEvent[] = [];
  gateway.subscribe((e) => events.push(e));
  const clients: MqttClient[] = [];
  const publish = (client: MqttClient, topic: string, message: object, retain = false) =>
    client.publishAsync(topic, JSON.stringify(message), { qos: 1, retain });
  const bench: GatewayBench = {
    broker,
    gateway,
    adfs,
    topics,
    events,
    async connectAs(spec, will = false) {
      const status = topics.status(spec.tenant, spec.hexacode);
      const offline = JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false });
      const client = await mqtt.connectAsync(bench.broker.url, {
        username: `${spec.tenant}/${spec.hexacode}`,
        password: spec.credential,
        clientId: `${spec.tenant}/${spec.hexacode}`,
        protocolVersion: 4,
        reconnectPeriod: 0,
        ...(will
          ? { will: { topic: status, payload: Buffer.from(offline), qos: 1 as const, retain: true } }
          : {}),
      });
      clients.push(client);
      return client;
    },
    publish,
    async online(client, spec, departments) {
      await publish(
        client,
        topics.status(spec.tenant, spec.hexacode),
        { v: PROTOCOL_VERSION, type: 'status', online: true, ...(departments ? { departments } : {}) },
        true,
      );
      await eventually(() => gateway.isOnline(spec.tenant, spec.hexacode), {
        what: `${spec.hexacode} online`,
      });
    },
    async restartBroker() {
      await bench.broker.close();
      bench.broker = await brokerOn(bench.broker.port);
    },
    async serverRequestsAnswered() {
      // The gateway keeps its client to itself; mqtt.js lists the packets awaiting their acknowledgement.
      const client = () => (gateway as unknown as { client: MqttClient | undefined }).client;
      await eventually(() => Object.keys(client()?.outgoing ?? {}).length === 0, {
        what: "the broker's answers to the server's requests",
      });
    },
    async stop() {
      await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
      await gateway.stop();
      await bench.broker.close();
    },
  };
  return bench;
}
