import mqtt, { type MqttClient } from 'mqtt';
import * as v from 'valibot';
import { type CompiledAdf, departmentKey, lineKey } from '../gateway/adf/loader';
import { checkRawWrite, numberToRaw, rawToNumber } from '../gateway/adf/translate';
import {
  DEFAULT_PREFIX,
  type DepartmentStatus,
  PROTOCOL_VERSION,
  Command,
  Topics,
  type WriteCommand,
  type WriteReply,
  deviceUsername,
} from '../gateway/protocol';
import type { FleetDevice } from './fleet';
import { type DepartmentSim, createDepartmentSim } from './physics';
import { type Random, seedOf, seededRandom } from './random';

export interface SimulatedDeviceOptions {
  url: string;
  prefix?: string;
  /** Simulated clock (tests pass a fixed one). */
  now?: () => Date;
  random?: Random;
  /** Random door openings, faults etc.: 0 = none (tests), 1 = demo default. */
  eventRate?: number;
  /** Answer write commands (false simulates a device that never answers). */
  answerCommands?: boolean;
  /** Log line for the CLI. */
  log?: (message: string) => void;
}

interface Department {
  department: number;
  subDepartment: number;
  kind: string;
  sim: DepartmentSim;
  lastStatus?: DepartmentStatus;
  lastAlarms?: string;
}

/**
 * One simulated controller: a real MQTT client with its own credential, speaking docs/device-protocol.md. Physics
 * advance only in tick(dt) (start() calls it on a timer), so tests drive time explicitly.
 */
export class SimulatedDevice {
  private client: MqttClient | undefined;
  private readonly topics: Topics;
  private readonly departments: Department[] = [];
  private readonly random: Random;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private offlineUntil = 0;
  answerCommands: boolean;

  constructor(
    readonly spec: FleetDevice,
    readonly adf: CompiledAdf,
    private readonly options: SimulatedDeviceOptions,
  ) {
    this.topics = new Topics(options.prefix ?? DEFAULT_PREFIX);
    this.random = options.random ?? seededRandom(seedOf(`${spec.tenant}/${spec.hexacode}`));
    this.now = options.now ?? (() => new Date());
    this.answerCommands = options.answerCommands ?? true;
    const present =
      spec.departments ?? adf.doc.departments.map((d) => departmentKey(d.department, d.subDepartment));
    for (const key of present) {
      const d = adf.departmentsByKey.get(key);
      if (!d) throw new Error(`${spec.hexacode}: department ${key} is not in the ${adf.model} ADF`);
      const sim = createDepartmentSim(d.kind, spec.profiles?.[key], this.random);
      if (!sim) throw new Error(`${spec.hexacode}: no physics for department kind ${d.kind}`);
      this.departments.push({ department: d.department, subDepartment: d.subDepartment, kind: d.kind, sim });
    }
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Engineering value of a line by ADF key (tests and the CLI). */
  value(department: number, subDepartment: number, key: string): number | null | undefined {
    return this.find(department, subDepartment)?.sim.values[key];
  }

  /** Connects with the last will "offline", announces online and publishes everything once. */
  async connect(): Promise<void> {
    const { tenant, hexacode } = this.spec;
    const client = await mqtt.connectAsync(this.options.url, {
      username: deviceUsername(tenant, hexacode),
      password: this.spec.credential,
      clientId: `${tenant}/${hexacode}`,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      will: {
        topic: this.topics.status(tenant, hexacode),
        payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false })),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('message', (topic, payload) => void this.onCommand(topic, payload));
    client.on('error', (error) => this.options.log?.(`${hexacode}: ${error.message}`));
    await client.subscribeAsync(this.topics.commands(tenant, hexacode), { qos: 1 });
    await client.publishAsync(
      this.topics.status(tenant, hexacode),
      JSON.stringify({
        v: PROTOCOL_VERSION,
        type: 'status',
        online: true,
        model: this.adf.model,
        firmware: '2.4.1-sim',
        departments: this.departments.map((d) => departmentKey(d.department, d.subDepartment)),
        ts: this.now().getTime(),
      }),
      { qos: 1, retain: true },
    );
    await this.publishAll(true);
  }

  /** Clean shutdown: says offline itself (a clean DISCONNECT suppresses the will), then disconnects. */
  async disconnect(): Promise<void> {
    this.stop();
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    if (client.connected) {
      await client.publishAsync(
        this.topics.status(this.spec.tenant, this.spec.hexacode),
        JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false, ts: this.now().getTime() }),
        { qos: 1, retain: true },
      );
    }
    await client.endAsync();
  }

  /** Loses the connection without DISCONNECT (power cut, network): the broker publishes the will. */
  dropConnection(): void {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    client.stream.destroy();
    client.end(true);
  }

  /** Runs tick() every intervalMs; with chaos, the device goes offline now and then and comes back. */
  start(intervalMs = 2000, chaos: { offlinePerHour: number } = { offlinePerHour: 0 }): void {
    this.stop();
    this.timer = setInterval(() => {
      const dt = intervalMs / 1000;
      const now = Date.now();
      if (!this.client) {
        if (now >= this.offlineUntil) {
          this.connect().then(
            () => this.options.log?.(`${this.spec.hexacode}: back online`),
            () => (this.offlineUntil = now + 10_000),
          );
        }
        this.step(dt);
        return;
      }
      if (this.random() < 1 - Math.exp((-chaos.offlinePerHour * dt) / 3600)) {
        this.offlineUntil = now + 30_000 + this.random() * 90_000;
        this.options.log?.(`${this.spec.hexacode}: going offline`);
        this.dropConnection();
        return;
      }
      void this.tick(dt).catch(() => {});
    }, intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Advances the physics by dt seconds (in steps of at most 2 s) and publishes values and changed statuses. */
  async tick(dt: number): Promise<void> {
    this.step(dt);
    await this.publishAll(false);
  }

  private step(dt: number): void {
    const ctx = { random: this.random, now: this.now(), eventRate: this.options.eventRate ?? 1 };
    for (let left = dt; left > 1e-9; left -= 2) {
      for (const d of this.departments) d.sim.step(Math.min(2, left), ctx);
    }
  }

  private find(department: number, subDepartment: number): Department | undefined {
    return this.departments.find((d) => d.department === department && d.subDepartment === subDepartment);
  }

  private rawValues(d: Department): Record<string, number | null> {
    const kind = this.adf.kinds.get(d.kind);
    const out: Record<string, number | null> = {};
    if (!kind) return out;
    for (const [k, { page, line }] of kind.byKey) {
      if (!(k in d.sim.values)) continue; // a line this controller does not have → LINE_NOT_PRESENT
      const value = d.sim.values[k];
      out[lineKey(page, line.number)] =
        value === null || value === undefined
          ? null
          : line.options
            ? Math.round(value)
            : numberToRaw(line, value);
    }
    return out;
  }

  private async publishAll(force: boolean, onlyDepartment?: number, onlySub?: number): Promise<void> {
    const client = this.client;
    if (!client?.connected) return;
    const { tenant, hexacode } = this.spec;
    const ts = this.now().getTime();
    const sends: Promise<unknown>[] = [];
    for (const d of this.departments) {
      if (onlyDepartment !== undefined && d.department !== onlyDepartment) continue;
      if (onlySub !== undefined && d.subDepartment !== onlySub) continue;
      const { alarm, alarms } = d.sim.status();
      const status: DepartmentStatus = alarm ? 'ON_ALARM' : 'ON';
      const alarmKey = alarms.join(',');
      if (force || status !== d.lastStatus || alarmKey !== d.lastAlarms) {
        d.lastStatus = status;
        d.lastAlarms = alarmKey;
        sends.push(
          client.publishAsync(
            this.topics.departmentStatus(tenant, hexacode, d.department, d.subDepartment),
            JSON.stringify({ v: PROTOCOL_VERSION, type: 'departmentStatus', status, alarms, ts }),
            { qos: 1, retain: true },
          ),
        );
      }
      sends.push(
        client.publishAsync(
          this.topics.values(tenant, hexacode, d.department, d.subDepartment),
          JSON.stringify({ v: PROTOCOL_VERSION, type: 'values', ts, values: this.rawValues(d) }),
          { qos: 0, retain: true },
        ),
      );
    }
    await Promise.all(sends);
  }

  private async onCommand(topic: string, payload: Buffer): Promise<void> {
    const client = this.client;
    if (!client || topic !== this.topics.commands(this.spec.tenant, this.spec.hexacode)) return;
    let command: Command;
    try {
      command = v.parse(Command, JSON.parse(payload.toString('utf8')));
    } catch {
      this.options.log?.(`${this.spec.hexacode}: ignored a malformed command`);
      return; // a real controller cannot answer what it cannot read; the server times out
    }
    if (!this.answerCommands) return;
    if (command.type === 'refresh') {
      await this.publishAll(true, command.department, command.subDepartment);
      return;
    }
    const reply = this.apply(command);
    await client.publishAsync(
      this.topics.replies(this.spec.tenant, this.spec.hexacode),
      JSON.stringify(reply),
      {
        qos: 1,
      },
    );
    if (reply.result === 'ACCEPTED') await this.publishAll(false);
  }

  private apply(c: WriteCommand): WriteReply {
    const refuse = (reason: Extract<WriteReply, { result: 'REFUSED' }>['reason']): WriteReply => ({
      v: PROTOCOL_VERSION,
      type: 'writeResult',
      id: c.id,
      result: 'REFUSED',
      reason,
    });
    const d = this.find(c.department, c.subDepartment);
    const line = d ? this.adf.kinds.get(d.kind)?.line(c.page, c.line) : undefined;
    if (!d || !line || !(line.key in d.sim.values)) return refuse('UNKNOWN_LINE');
    const check = checkRawWrite(line, c.raw);
    if (!check.ok) return refuse(check.reason);
    d.sim.values[line.key] = line.options ? c.raw : rawToNumber(line, c.raw);
    d.sim.onWrite?.(line.key);
    this.options.log?.(`${this.spec.hexacode}: ${line.key} ← ${d.sim.values[line.key]}`);
    return { v: PROTOCOL_VERSION, type: 'writeResult', id: c.id, result: 'ACCEPTED' };
  }
}
