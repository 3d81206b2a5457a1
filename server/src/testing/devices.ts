import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../db/client';
import { DeviceRuntime, type DeviceRuntimeOptions } from '../gateway/runtime';
import { deviceUsername, Topics } from '../gateway/protocol';
import { demoCredential } from '../simulator/fleet';
import { eventually } from './wait';

/**
 * The broker (on a free port), gateway and demo fleet over `db`, started. Quiet and deterministic: no physics
 * timers, random events or incidents, so values change only through writes and refreshes. `options` override.
 */
export async function startQuietDevices(
  db: Database,
  options: Partial<DeviceRuntimeOptions> = {},
): Promise<DeviceRuntime> {
  const runtime = new DeviceRuntime({
    db,
    port: 0,
    host: '127.0.0.1',
    simulator: true,
    fleetOptions: { intervalMs: 3_600_000, offlinePerHour: 0, eventRate: 0 },
    ...options,
  });
  await runtime.start();
  return runtime;
}

/**
 * Speaks for a demo device over MQTT with its own credential, as a device whose firmware misbehaves would: the
 * simulated device steps aside (its connection cut, so the broker publishes its will) and comes back afterwards.
 */
export async function speakAsDevice(
  devices: DeviceRuntime,
  tenant: string,
  hexacode: string,
  work: (client: MqttClient, topics: Topics) => Promise<unknown>,
): Promise<void> {
  const simulated = devices.simulatedDevices.find(
    (d) => d.spec.tenant === tenant && d.spec.hexacode === hexacode,
  );
  simulated?.dropConnection();
  const username = deviceUsername(tenant, hexacode);
  const client = await mqtt.connectAsync(devices.url!, {
    username,
    password: demoCredential(tenant, hexacode),
    clientId: username,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  try {
    await work(client, new Topics());
  } finally {
    await client.endAsync();
    await simulated?.connect();
  }
}

/** Resolves once every simulated device of the demo fleet has announced itself to the gateway. */
export function fleetOnline(devices: DeviceRuntime, what = 'the demo fleet online'): Promise<unknown> {
  return eventually(
    () => devices.simulatedDevices.every((d) => devices.gateway.isOnline(d.spec.tenant, d.spec.hexacode)),
    { what },
  );
}
