import { e2eServer } from './e2eServer';
import mqtt, { type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION } from '../../../server/src/gateway/protocol';
import { apiRequest } from './api';

/** The setpoint of the demo's case 1A0102 (department 1.0, page 2, line 1): a line a test writes through the API. */
export const DEMO_SETPOINT = {
  hexacode: '1A0102',
  rawHexacode: '1A0102',
  department: 1,
  subDepartment: 0,
  page: 2,
  line: 1,
};

/**
 * A device the test registers through the admin API and drives itself over MQTT, for states the simulated
 * fleet reaches only by chance (a department switched off, a device that stops reporting); its department 1.0
 * is `departmentStatus` (OFF unless said).
 */
export async function connectTestDevice(
  token: string,
  hexacode: string,
  name: string,
  departmentStatus: 'ON' | 'OFF' = 'OFF',
): Promise<MqttClient> {
  const registered = await apiRequest('demo', '/api/v2/admin/devices', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'CC-410', hexacode, name }),
  });
  if (registered.status !== 201)
    throw new Error(`registration failed: ${registered.status} ${registered.body}`);
  const { credential } = JSON.parse(registered.body) as { credential: string };
  const username = `demo/${hexacode}`;
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${e2eServer().mqttPort}`, {
    username,
    password: credential,
    clientId: username,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  const publish = (suffix: string, message: object) =>
    client.publishAsync(
      `devices/demo/${hexacode}/${suffix}`,
      JSON.stringify({ v: PROTOCOL_VERSION, ...message }),
      {
        qos: 1,
        retain: true,
      },
    );
  await publish('status', { type: 'status', online: true, model: 'CC-410', departments: ['1.0'] });
  await publish('departments/1.0/status', { type: 'departmentStatus', status: departmentStatus });
  return client;
}
