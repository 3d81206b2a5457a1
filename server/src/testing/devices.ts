import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceRuntime } from '../gateway/runtime';
import { deviceUsername, Topics } from '../gateway/protocol';
import { demoCredential } from '../simulator/fleet';

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
