import type { MqttClient } from 'mqtt';
import * as v from 'valibot';
import { type CompiledAdf, departmentKey, lineKey } from '../gateway/adf/loader';
import { checkRawWrite, rawToNumber } from '../gateway/adf/translate';
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
import { DepartmentAlarms } from './alarms';
import type { FleetDevice } from './fleetDevice';
import type { SimEvent } from './physics';
import { type SimulatedDepartment, rawOf, simulatedDepartments } from './departments';
import { DeviceLink } from './link';
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

interface Department extends SimulatedDepartment {
  lastStatus?: DepartmentStatus;
  lastAlarms?: string;
  alarms: DepartmentAlarms;
}

/** What forcing an alarm on a simulated device gave. */
export type ForceAlarmResult = 'OK' | 'DEVICE_NOT_SIMULATED' | 'DEPARTMENT_NOT_PRESENT';

/**
 * One simulated controller: a real MQTT client with its own credential, speaking docs/device-protocol.md. Physics
 * advance only in tick(dt) (start() calls it on a timer), so tests drive time explicitly.
 */
export class SimulatedDevice {
  private readonly link: DeviceLink;
  private readonly topics: Topics;
  private readonly departments: Department[];
  private readonly random: Random;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
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
    this.departments = simulatedDepartments(spec, adf, this.random).map((d) => ({
      ...d,
      alarms: new DepartmentAlarms(),
    }));
    this.link = new DeviceLink({
      url: options.url,
      username: deviceUsername(spec.tenant, spec.hexacode),
      password: spec.credential,
      will: {
        topic: this.topics.status(spec.tenant, spec.hexacode),
        payload: JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false }),
      },
      onConnect: (client) => this.announce(client),
      onMessage: (topic, payload) => void this.onCommand(topic, payload),
      log: options.log,
    });
  }

  get connected(): boolean {
    return this.link.client !== undefined;
  }

  /** Engineering value of a line by ADF key (tests and the CLI). */
  value(department: number, subDepartment: number, key: string): number | null | undefined {
    return this.find(department, subDepartment)?.sim.values[key];
  }

  /** The departments of this device ("1.0") with their ADF kind. */
  get departmentKinds(): { key: string; kind: string }[] {
    return this.departments.map((d) => ({ key: departmentKey(d.department, d.subDepartment), kind: d.kind }));
  }

  /** The active alarm codes of a department, as the device reports them. */
  activeAlarms(department: number, subDepartment: number): string[] {
    const d = this.find(department, subDepartment);
    return d ? d.alarms.current(d.sim.status().alarms) : [];
  }

  /**
   * Raises or clears an alarm on demand (docs/device-protocol.md, "Alarms on demand") and publishes it at once.
   * A forced alarm stays until forced clear; the physics do not clear it.
   */
  async forceAlarm(department: string, code: string, raised: boolean): Promise<ForceAlarmResult> {
    const d = this.departments.find((x) => departmentKey(x.department, x.subDepartment) === department);
    if (!d) return 'DEPARTMENT_NOT_PRESENT';
    d.alarms.force(code, raised, d.sim.status().alarms);
    this.options.log?.(`${this.spec.hexacode}: ${raised ? 'raised' : 'cleared'} ${code} on ${department}`);
    await this.publishAll(false, d.department, d.subDepartment);
    return 'OK';
  }

  /** Makes something happen to a department's physics now (the fleet's incidents); false if it cannot. */
  trigger(department: string, event: SimEvent, seconds: number): boolean {
    const d = this.departments.find((x) => departmentKey(x.department, x.subDepartment) === department);
    return d?.sim.trigger?.(event, seconds) ?? false;
  }

  /** Connects with the last will "offline", announces online and publishes everything; reconnects by itself. */
  connect(): Promise<void> {
    return this.link.connect();
  }

  /** What the device does on every (re)connection: listen for commands, say it is online, publish everything. */
  private async announce(client: MqttClient): Promise<void> {
    const { tenant, hexacode } = this.spec;
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
    await this.publishAll(true, undefined, undefined, client);
  }

  /** Clean shutdown: says offline itself (a clean DISCONNECT suppresses the will), then disconnects. */
  async disconnect(): Promise<void> {
    this.stop();
    await this.link.end((client) =>
      client.publishAsync(
        this.topics.status(this.spec.tenant, this.spec.hexacode),
        JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: false, ts: this.now().getTime() }),
        { qos: 1, retain: true },
      ),
    );
  }

  /**
   * Loses the connection without DISCONNECT (power cut, network): the broker publishes the will. The device comes
   * back by itself after `downForMs`, or when connect() is called.
   */
  dropConnection(downForMs?: number): void {
    this.link.cut(downForMs);
  }

  /**
   * Runs tick() every intervalMs on a fixed schedule, as a controller samples on its own clock: a turn that runs
   * late (a busy machine) does not push the later ones back, where setInterval's would drift by every delay. With
   * chaos, the device goes offline now and then and comes back.
   */
  start(intervalMs = 2000, chaos: { offlinePerHour: number } = { offlinePerHour: 0 }): void {
    this.stop();
    const dt = intervalMs / 1000;
    let due = performance.now() + intervalMs;
    const turn = () => {
      const now = performance.now();
      // The next turn on the schedule after this one; one missed altogether is skipped, not made up.
      do due += intervalMs;
      while (due <= now);
      this.timer = setTimeout(turn, due - now);
      this.timer.unref?.();
      if (!this.link.client) {
        this.step(dt);
        return;
      }
      if (this.random() < 1 - Math.exp((-chaos.offlinePerHour * dt) / 3600)) {
        this.options.log?.(`${this.spec.hexacode}: going offline`);
        this.dropConnection(30_000 + this.random() * 90_000);
        return;
      }
      void this.tick(dt).catch(() => {});
    };
    this.timer = setTimeout(turn, intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
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
      out[lineKey(page, line.number)] = rawOf(line, value);
    }
    return out;
  }

  private async publishAll(
    force: boolean,
    onlyDepartment?: number,
    onlySub?: number,
    client = this.link.client,
  ): Promise<void> {
    if (!client?.connected) return;
    const { tenant, hexacode } = this.spec;
    const ts = this.now().getTime();
    const sends: Promise<unknown>[] = [];
    for (const d of this.departments) {
      if (onlyDepartment !== undefined && d.department !== onlyDepartment) continue;
      if (onlySub !== undefined && d.subDepartment !== onlySub) continue;
      const alarms = d.alarms.current(d.sim.status().alarms);
      const status: DepartmentStatus = alarms.length > 0 ? 'ON_ALARM' : 'ON';
      const alarmKey = alarms.join(',');
      // Each change as an `alarm` event first, then the department's complete current list (retained).
      const { raised, cleared } = d.alarms.takeChanges(alarms);
      const department = departmentKey(d.department, d.subDepartment);
      for (const [codes, state] of [
        [raised, 'RAISED'],
        [cleared, 'CLEARED'],
      ] as const) {
        for (const code of codes) {
          sends.push(
            client.publishAsync(
              this.topics.alarms(tenant, hexacode),
              JSON.stringify({ v: PROTOCOL_VERSION, type: 'alarm', department, code, state, ts }),
              { qos: 1, retain: false },
            ),
          );
        }
      }
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
    const client = this.link.client;
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
