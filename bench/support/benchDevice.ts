import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { PROTOCOL_VERSION } from '../../server/src/gateway/protocol';
import { now } from './stats';

/** The page-1 temperature lines of a CC-410 department (raw tenths of a degree) that the bench changes. */
const BENCH_LINES = [1, 2, 3, 4] as const;
export const BENCH_DEPARTMENTS = [
  [1, 0],
  [1, 1],
] as const;

export const sampleKey = (hexacode: string, department: number, sub: number, line: number, raw: number) =>
  `${hexacode}:${department}.${sub}:${line}:${raw}`;

/**
 * Connects to the broker at `url` as device `hexacode` of `tenant` with its credential, as a device does (MQTT
 * 3.1.1, its username also its client id, no reconnecting); `options` add to that (a will).
 */
export function connectAsDevice(
  url: string,
  tenant: string,
  hexacode: string,
  credential: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  const username = `${tenant}/${hexacode}`;
  return mqtt.connectAsync(url, {
    username,
    password: credential,
    clientId: username,
    protocolVersion: 4,
    reconnectPeriod: 0,
    ...options,
  });
}

/**
 * A CC-410 controller speaking docs/device-protocol.md as a plain MQTT client. Every publish changes the four
 * temperature lines to values not used before in the run, so each one arriving at a client names its send time.
 */
export class BenchDevice {
  private client: MqttClient | undefined;
  private sequence = 0;

  constructor(
    private readonly url: string,
    private readonly tenant: string,
    readonly hexacode: string,
    private readonly credential: string,
    private readonly prefix = 'devices',
  ) {}

  private topic(suffix: string) {
    return `${this.prefix}/${this.tenant}/${this.hexacode}/${suffix}`;
  }

  async connect(): Promise<void> {
    this.client = await connectAsDevice(this.url, this.tenant, this.hexacode, this.credential, {
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false })),
        qos: 1,
        retain: true,
      },
    });
    const status = { v: PROTOCOL_VERSION, type: 'status', online: true, model: 'CC-410', ts: Date.now() };
    await this.client.publishAsync(this.topic('status'), JSON.stringify(status), { qos: 1, retain: true });
    for (const [department, sub] of BENCH_DEPARTMENTS) {
      const dep = { v: PROTOCOL_VERSION, type: 'departmentStatus', status: 'ON', ts: Date.now() };
      await this.client.publishAsync(
        this.topic(`departments/${department}.${sub}/status`),
        JSON.stringify(dep),
        {
          qos: 1,
          retain: true,
        },
      );
    }
  }

  /** Publishes one department snapshot with its four lines changed; records when each value left. */
  publish(departmentIndex: number, sentAt: Map<string, number>): number {
    const [department, sub] = BENCH_DEPARTMENTS[departmentIndex % BENCH_DEPARTMENTS.length]!;
    this.sequence += 1;
    const at = now();
    const raws: Record<number, number> = {};
    for (const line of BENCH_LINES) {
      // Distinct per line and publish, within ±200 °C (raw tenths), for runs of up to ~1,000 publishes a line.
      const raw = ((this.sequence * 4 + line) % 4000) - 2000;
      raws[line] = raw;
      sentAt.set(sampleKey(this.hexacode, department, sub, line, raw), at);
    }
    this.publishLines(departmentIndex, raws);
    return BENCH_LINES.length;
  }

  /** Publishes one department snapshot: the page-1 lines given (raw tenths), the other lines unchanged. */
  publishLines(departmentIndex: number, raws: Record<number, number>): void {
    const [department, sub] = BENCH_DEPARTMENTS[departmentIndex % BENCH_DEPARTMENTS.length]!;
    const values: Record<string, number> = { '1.5': 0, '1.6': 0, '1.7': 1, '1.8': 1, '1.9': 0 };
    for (const [line, raw] of Object.entries(raws)) values[`1.${line}`] = raw;
    const message = { v: PROTOCOL_VERSION, type: 'values', ts: Date.now(), values };
    this.client!.publish(this.topic(`departments/${department}.${sub}/values`), JSON.stringify(message), {
      qos: 0,
      retain: true,
    });
  }

  /**
   * Empties the retained messages this device left on the broker (an external one keeps them across runs).
   * The server reads an empty status as the device deleted, so only once no instance listens.
   */
  async clearRetained(): Promise<void> {
    const topics = ['status'];
    for (const [department, sub] of BENCH_DEPARTMENTS)
      topics.push(`departments/${department}.${sub}/status`, `departments/${department}.${sub}/values`);
    for (const topic of topics)
      await this.client!.publishAsync(this.topic(topic), '', { qos: 1, retain: true });
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
  }
}
