import type { MqttClient } from 'mqtt';
import { PROTOCOL_VERSION } from '../../server/src/gateway/protocol';
import { EVAPORATOR_ALARMS } from '../../server/src/simulator/physics/evaporator';
import { callApi, registerCase } from './api';
import { BENCH_DEPARTMENTS, connectAsDevice } from './benchDevice';
import { now } from './stats';

/** One alarm a device reported: what it was, when it left the device, and how many were active after it. */
export interface AlarmPublish {
  hexacode: string;
  department: string;
  code: string;
  raised: boolean;
  /** Wall clock of this machine (performance.timeOrigin + performance.now()) just before the publish. */
  at: number;
  /** Active alarms of the whole bench fleet after this one. */
  fleetActive: number;
  /** Active alarms of this device after this one. */
  deviceActive: number;
}

/**
 * A CC-410 controller speaking docs/device-protocol.md ("Alarms") as a plain MQTT client: each alarm raised or
 * cleared on `alarms` (QoS 1, not retained), then the department's status with its complete list, as the
 * protocol asks of a device.
 */
export class AlarmBenchDevice {
  private client: MqttClient | undefined;
  private readonly active = new Map<string, Set<string>>();

  constructor(
    private readonly url: string,
    private readonly tenant: string,
    readonly hexacode: string,
    private readonly credential: string,
  ) {}

  private topic(suffix: string) {
    return `devices/${this.tenant}/${this.hexacode}/${suffix}`;
  }

  isActive(department: string, code: string): boolean {
    return this.active.get(department)?.has(code) ?? false;
  }

  get activeCount(): number {
    let n = 0;
    for (const codes of this.active.values()) n += codes.size;
    return n;
  }

  async connect(): Promise<void> {
    this.client = await connectAsDevice(this.url, this.tenant, this.hexacode, this.credential);
    const status = { v: PROTOCOL_VERSION, type: 'status', online: true, model: 'CC-410', ts: Date.now() };
    await this.client.publishAsync(this.topic('status'), JSON.stringify(status), { qos: 1, retain: true });
    for (const [department, sub] of BENCH_DEPARTMENTS) {
      this.active.set(`${department}.${sub}`, new Set());
      await this.publishDepartmentStatus(`${department}.${sub}`);
    }
  }

  /** Raises or clears one alarm; returns when it left (the publish is not awaited, as a device would not). */
  alarm(department: string, code: string, raised: boolean): number {
    const codes = this.active.get(department)!;
    if (raised) codes.add(code);
    else codes.delete(code);
    const at = now();
    const message = {
      v: PROTOCOL_VERSION,
      type: 'alarm',
      department,
      code,
      state: raised ? 'RAISED' : 'CLEARED',
    };
    this.client!.publish(this.topic('alarms'), JSON.stringify({ ...message, ts: Date.now() }), { qos: 1 });
    void this.publishDepartmentStatus(department);
    return at;
  }

  private publishDepartmentStatus(department: string): Promise<unknown> {
    const alarms = [...this.active.get(department)!];
    const status = alarms.length > 0 ? 'ON_ALARM' : 'ON';
    const message = { v: PROTOCOL_VERSION, type: 'departmentStatus', status, alarms, ts: Date.now() };
    return this.client!.publishAsync(
      this.topic(`departments/${department}/status`),
      JSON.stringify(message),
      {
        qos: 1,
        retain: true,
      },
    );
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
  }
}

/** Registers `count` CC-410s through the admin API (demo tenant) and connects each as a device. */
export async function connectAlarmFleet(
  server: { port: number; mqttPort: number },
  token: string,
  count: number,
): Promise<AlarmBenchDevice[]> {
  const devices: AlarmBenchDevice[] = [];
  for (let i = 0; i < count; i++) {
    const hexacode = (0xa1a000 + i).toString(16).toUpperCase();
    const credential = await registerCase(server.port, token, hexacode, `Alarm bench case ${i + 1}`);
    const device = new AlarmBenchDevice(`mqtt://127.0.0.1:${server.mqttPort}`, 'demo', hexacode, credential);
    await device.connect();
    devices.push(device);
  }
  return devices;
}

export const signInAsAdmin = async (port: number): Promise<string> =>
  (
    await callApi<{ token: { id: string } }>(port, 'POST', '/api/login', {
      username: 'admin',
      password: 'Admin123',
    })
  ).token.id;

/**
 * Every (device, department, code) of the fleet raised in turn, then cleared in the same order, again and again,
 * at `rate` alarms per second for `seconds` (or `steps` alarms). Consecutive alarms come from different devices (the order runs over
 * the devices first), so a device's own alarms are `devices.length` publishes apart.
 */
export async function runAlarmCycles(
  devices: AlarmBenchDevice[],
  options: { rate: number; seconds: number; codes: number; steps?: number },
): Promise<AlarmPublish[]> {
  const slots: { device: AlarmBenchDevice; department: string; code: string }[] = [];
  for (const code of EVAPORATOR_ALARMS.slice(0, options.codes))
    for (const [department, sub] of BENCH_DEPARTMENTS)
      for (const device of devices) slots.push({ device, department: `${department}.${sub}`, code });
  const published: AlarmPublish[] = [];
  let fleetActive = devices.reduce((n, d) => n + d.activeCount, 0);
  let step = 0;
  const started = performance.now();
  // Every 5 ms, publish what the target rate owes since the start.
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed >= options.seconds || step >= (options.steps ?? Infinity)) {
        clearInterval(timer);
        resolve();
        return;
      }
      while (step < options.rate * elapsed && step < (options.steps ?? Infinity)) {
        const slot = slots[step % slots.length]!;
        // Raise what is not active, clear what is: whole cycles leave the fleet as they found it.
        const raised = !slot.device.isActive(slot.department, slot.code);
        const at = slot.device.alarm(slot.department, slot.code, raised);
        fleetActive += raised ? 1 : -1;
        const { device, department, code } = slot;
        published.push({
          hexacode: device.hexacode,
          department,
          code,
          raised,
          at,
          fleetActive,
          deviceActive: device.activeCount,
        });
        step += 1;
      }
    }, 5);
  });
  return published;
}
