import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import * as v from 'valibot';
import { type AdfRegistry, type CompiledAdf, departmentKey, lineKey } from './adf/loader';
import type { AdfLine } from './adf/schema';
import { type LineStatus, type WriteRefusal, encodeWrite, rawToNumber, translateRaw } from './adf/translate';
import type { DeviceDirectory, DeviceRecord } from './directory';
import { type GatewayLogger, silentLogger } from './logger';
import {
  DEFAULT_PREFIX,
  type DepartmentStatus,
  DepartmentStatusMessage,
  PROTOCOL_VERSION,
  type RefreshCommand,
  StatusMessage,
  Topics,
  ValuesMessage,
  type WriteCommand,
  WriteReply,
  sharedFilter,
} from './protocol';
import { type SourceReading, type VirtualDeviceDefinition, evaluateVirtualLine } from './virtual';

export interface GatewayOptions {
  /** mqtt://host:port of the embedded broker or of an external one (MQTT_URL): the same code on both paths. */
  url: string;
  username?: string;
  password?: string;
  clientId?: string;
  prefix?: string;
  adfs: AdfRegistry;
  directory: DeviceDirectory;
  logger?: GatewayLogger;
  /** How long a device has to answer a line write. Default 5000 ms. */
  writeTimeoutMs?: number;
  /**
   * Whether the broker supports `$share/<group>/…` (Mosquitto, EMQX, HiveMQ do; Aedes does not). Without it,
   * subscribeShared() subscribes plainly, which is right for the single-instance embedded setup.
   */
  sharedSubscriptions?: boolean;
  /** Largest accepted message, bytes. Default 256 KiB. */
  maxPayloadBytes?: number;
}

export type DeviceState = DepartmentStatus;

export type GatewayEvent =
  | { type: 'DeviceStatus'; tenant: string; hexacode: string; status: DepartmentStatus }
  | {
      type: 'DepartmentStatus';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      status: DepartmentStatus;
    }
  | {
      type: 'LineValues';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      ts: number;
      /** Raw values that changed; translate with readLines()/translateLine() for the pages a client watches. */
      changes: { page: number; line: number; raw: number | null }[];
    }
  | {
      type: 'VirtualLineValues';
      tenant: string;
      hexacode: string;
      department: number;
      subDepartment: number;
      lines: LineView[];
    };

export type GatewayListener = (event: GatewayEvent) => void;

export interface LineView {
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
  number: number;
  name: string;
  status: LineStatus;
  /** Present only when status is OK. */
  value?: string;
  unit?: string;
  readOnly: boolean;
  isFactorySettings: boolean;
  options?: { label: string; index: number }[];
}

export interface LinesResult {
  /** OK when the page resolved (each line then has its own status); otherwise why nothing could be shown. */
  status: LineStatus;
  lines: LineView[];
}

export interface DepartmentView {
  department: number;
  subDepartment: number;
  name: string;
  status: DepartmentStatus;
}

export interface LineAddress {
  tenant: string;
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
  line: number;
}

export type WriteResult =
  | { result: 'ACCEPTED'; raw: number }
  /** by 'server': refused before sending (read-only, limits, bad value); by 'device': the device said no. */
  | { result: 'REFUSED'; by: 'server' | 'device'; reason: WriteRefusal; message?: string }
  | { result: 'TIMEOUT' }
  /** Nothing was sent: the device, its ADF, the department/page/line is missing, or the device is offline. */
  | { result: 'UNAVAILABLE'; status: LineStatus };

export interface GatewayMetrics {
  received: number;
  accepted: number;
  rejected: Record<string, number>;
  devices: number;
  pendingWrites: number;
  writes: Record<WriteResult['result'], number>;
}

interface DepartmentState {
  status?: DepartmentStatus;
  alarms?: string[];
  values?: Map<string, number | null>;
  ts?: number;
}

interface DeviceCache {
  online: boolean;
  model?: string;
  departments?: Set<string>;
  byDepartment: Map<string, DepartmentState>;
  status: DepartmentStatus;
}

const KNOWN_TYPES = new Set(['status', 'values', 'departmentStatus', 'writeResult', 'write']);

/** The offline counterpart of a status (SPEC §4). */
export function offlineStatus(s: DepartmentStatus): DepartmentStatus {
  return s === 'ON_ALARM' || s === 'OFF_ALARM' ? 'OFF_ALARM' : 'OFF';
}

export class Gateway {
  private client: MqttClient | undefined;
  private readonly topics: Topics;
  private readonly log: GatewayLogger;
  private readonly devices = new Map<string, DeviceCache>();
  private readonly listeners = new Set<GatewayListener>();
  private readonly pending = new Map<string, { resolve: (r: WriteResult) => void; timer: NodeJS.Timeout }>();
  private readonly counters = {
    received: 0,
    accepted: 0,
    rejected: {} as Record<string, number>,
    writes: { ACCEPTED: 0, REFUSED: 0, TIMEOUT: 0, UNAVAILABLE: 0 },
  };
  private readonly virtual = new Map<string, VirtualDeviceDefinition>();
  /** source "tenant/hex/d.s" → virtual device keys "tenant/hex" depending on it */
  private readonly dependents = new Map<string, Set<string>>();
  private readonly virtualLast = new Map<string, string>();
  private readonly dirtyVirtual = new Set<string>();
  private virtualFlush: NodeJS.Immediate | undefined;
  private readonly sharedClients = new Set<MqttClient>();
  /** "tenant/hex/d.s" → resolvers waiting for the next values message of that department (refresh). */
  private readonly valueWaiters = new Map<string, Set<() => void>>();

  constructor(private readonly options: GatewayOptions) {
    this.topics = new Topics(options.prefix ?? DEFAULT_PREFIX);
    this.log = options.logger ?? silentLogger;
  }

  /** Connects, subscribes to every device topic, and resolves once subscribed (retained values then stream in). */
  async start(): Promise<void> {
    const client = mqtt.connect(this.options.url, {
      username: this.options.username,
      password: this.options.password,
      clientId: this.options.clientId ?? `coldwatch-server-${randomUUID()}`,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error) => this.log.warn({ err: error }, 'gateway: mqtt error'));
    client.on('offline', () => this.log.warn({}, 'gateway: mqtt connection lost, reconnecting'));
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
    await client.subscribeAsync(this.topics.allFromDevices, { qos: 1 });
    this.log.info({ url: this.options.url }, 'gateway: connected and subscribed');
  }

  /** Whether the gateway's MQTT connection is up (for /healthz). */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Whether a real device is online as last heard through the broker. */
  isOnline(tenant: string, hexacode: string): boolean {
    return this.devices.get(`${tenant}/${hexacode}`)?.online ?? false;
  }

  /**
   * Asks an online device to republish the snapshot of a department (the `refresh` command) and waits until that
   * values message arrives or `timeoutMs` passes. Resolves true when a fresh snapshot arrived.
   */
  async refresh(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    timeoutMs = 1500,
  ): Promise<boolean> {
    const client = this.client;
    if (!client || this.isVirtual(tenant, hexacode) || !this.isOnline(tenant, hexacode)) return false;
    const key = `${tenant}/${hexacode}/${departmentKey(department, subDepartment)}`;
    const arrived = new Promise<boolean>((resolve) => {
      let set = this.valueWaiters.get(key);
      if (!set) this.valueWaiters.set(key, (set = new Set()));
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        set.delete(waiter);
        if (set.size === 0) this.valueWaiters.delete(key);
        resolve(false);
      }, timeoutMs);
      set.add(waiter);
    });
    const command: RefreshCommand = {
      v: PROTOCOL_VERSION,
      type: 'refresh',
      id: randomUUID(),
      department,
      subDepartment,
    };
    client.publish(this.topics.commands(tenant, hexacode), JSON.stringify(command), { qos: 1 }, (error) => {
      if (error) this.log.warn({ err: error, tenant, hexacode }, 'gateway: refresh publish failed');
    });
    return arrived;
  }

  async stop(): Promise<void> {
    for (const set of this.valueWaiters.values()) for (const waiter of set) waiter();
    this.valueWaiters.clear();
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ result: 'TIMEOUT' });
      this.pending.delete(id);
    }
    if (this.virtualFlush) clearImmediate(this.virtualFlush);
    await Promise.all([...this.sharedClients].map((c) => c.endAsync()));
    this.sharedClients.clear();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync();
  }

  /** Listens to live events; returns the unsubscribe function. A throwing listener is logged, never fatal. */
  subscribe(listener: GatewayListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Work that must happen once across server instances (history recording, alarm mails): a shared subscription
   * `$share/<group>/<prefix>/<filter>` where the broker supports it, a plain one otherwise (the embedded broker
   * serves a single instance). It runs on its own connection, because MQTT 3.1.1 cannot tell which subscription
   * delivered a message; the handler must validate what it gets. Returns the function that ends it.
   */
  async subscribeShared(
    group: string,
    filter: string,
    handler: (topic: string, payload: Buffer) => void,
  ): Promise<() => Promise<void>> {
    const full = `${this.topics.prefix}/${filter}`;
    const client = await mqtt.connectAsync(this.options.url, {
      username: this.options.username,
      password: this.options.password,
      clientId: `coldwatch-${group}-${randomUUID()}`,
      clean: true,
      protocolVersion: 4,
      reconnectPeriod: 1000,
    });
    client.on('message', (topic, payload) => {
      try {
        handler(topic, payload);
      } catch (error) {
        this.log.error({ err: error, group, topic }, 'gateway: shared subscription handler failed');
      }
    });
    await client.subscribeAsync(this.options.sharedSubscriptions ? sharedFilter(group, full) : full, {
      qos: 1,
    });
    this.sharedClients.add(client);
    return async () => {
      this.sharedClients.delete(client);
      await client.endAsync();
    };
  }

  metrics(): GatewayMetrics {
    return {
      received: this.counters.received,
      accepted: this.counters.accepted,
      rejected: { ...this.counters.rejected },
      devices: this.devices.size,
      pendingWrites: this.pending.size,
      writes: { ...this.counters.writes },
    };
  }

  // ---------------------------------------------------------------- virtual devices

  /** Replaces the virtual devices of a tenant (at start from the database, and whenever they change). */
  setVirtualDevices(tenant: string, definitions: readonly VirtualDeviceDefinition[]): void {
    for (const key of [...this.virtual.keys()]) if (key.startsWith(`${tenant}/`)) this.virtual.delete(key);
    for (const set of this.dependents.values())
      for (const k of [...set]) if (k.startsWith(`${tenant}/`)) set.delete(k);
    for (const def of definitions) {
      const key = `${tenant}/${def.hexacode}`;
      this.virtual.set(key, def);
      for (const d of def.departments)
        for (const p of d.pages)
          for (const l of p.lines)
            for (const s of l.sources) {
              const src = `${tenant}/${s.hexacode}/${departmentKey(s.department, s.subDepartment)}`;
              let set = this.dependents.get(src);
              if (!set) this.dependents.set(src, (set = new Set()));
              set.add(key);
            }
      this.dirtyVirtual.add(key);
    }
    this.scheduleVirtual();
  }

  isVirtual(tenant: string, hexacode: string): boolean {
    return this.virtual.has(`${tenant}/${hexacode}`);
  }

  // ---------------------------------------------------------------- reads

  /** ON/ON_ALARM/OFF/OFF_ALARM of a device as last heard through the broker (OFF if never heard). */
  deviceStatus(tenant: string, hexacode: string): DepartmentStatus {
    if (this.isVirtual(tenant, hexacode)) return 'ON';
    return this.devices.get(`${tenant}/${hexacode}`)?.status ?? 'OFF';
  }

  /** Effective department status: the device's report, shifted to its offline counterpart while the device is off. */
  departmentStatus(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
  ): DepartmentStatus {
    if (this.isVirtual(tenant, hexacode)) return 'ON';
    const device = this.devices.get(`${tenant}/${hexacode}`);
    const reported = device?.byDepartment.get(departmentKey(department, subDepartment))?.status ?? 'ON';
    return device?.online ? reported : offlineStatus(reported);
  }

  async departments(
    tenant: string,
    hexacode: string,
  ): Promise<{ status: LineStatus; departments: DepartmentView[] }> {
    const def = this.virtual.get(`${tenant}/${hexacode}`);
    if (def) {
      return {
        status: 'OK',
        departments: def.departments.map((d) => ({
          department: d.department,
          subDepartment: d.subDepartment,
          name: d.name,
          status: 'ON' as const,
        })),
      };
    }
    const resolved = await this.resolve(tenant, hexacode);
    if ('status' in resolved) return { status: resolved.status, departments: [] };
    const device = this.devices.get(`${tenant}/${hexacode}`);
    return {
      status: 'OK',
      departments: resolved.adf.doc.departments
        .filter(
          (d) => !device?.departments || device.departments.has(departmentKey(d.department, d.subDepartment)),
        )
        .map((d) => ({
          department: d.department,
          subDepartment: d.subDepartment,
          name: d.name,
          status: this.departmentStatus(tenant, hexacode, d.department, d.subDepartment),
        })),
    };
  }

  async pages(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
  ): Promise<{ status: LineStatus; pages: { number: number; name: string }[] }> {
    const def = this.virtual.get(`${tenant}/${hexacode}`);
    if (def) {
      const d = def.departments.find((x) => x.department === department && x.subDepartment === subDepartment);
      if (!d) return { status: 'DEPARTMENT_NOT_PRESENT', pages: [] };
      return { status: 'OK', pages: d.pages.map((p) => ({ number: p.number, name: p.name })) };
    }
    const resolved = await this.resolveDepartment(tenant, hexacode, department, subDepartment);
    if ('status' in resolved) return { status: resolved.status, pages: [] };
    return { status: 'OK', pages: resolved.kind.doc.pages.map((p) => ({ number: p.number, name: p.name })) };
  }

  /** The translated lines of one page, each with its SPEC §4 status. Factory-settings lines only when asked. */
  async readLines(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    page: number,
    options: { factorySettings?: boolean } = {},
  ): Promise<LinesResult> {
    if (this.isVirtual(tenant, hexacode))
      return this.readVirtualLines(tenant, hexacode, department, subDepartment, page);
    const resolved = await this.resolveDepartment(tenant, hexacode, department, subDepartment);
    if ('status' in resolved) return { status: resolved.status, lines: [] };
    const adfPage = resolved.kind.pages.get(page);
    if (!adfPage) return { status: 'PAGE_NOT_PRESENT', lines: [] };
    const device = this.devices.get(`${tenant}/${hexacode}`);
    const lines = adfPage.lines
      .filter((l) => options.factorySettings || !l.factorySettings)
      .map((l) => this.view(hexacode, department, subDepartment, page, l, device));
    return { status: device?.online ? 'OK' : 'DEVICE_CAN_RECEIVED', lines };
  }

  /** One line (widgets): LINE_NOT_PRESENT_IN_ADF when the model has no such line. */
  async readLine(address: LineAddress): Promise<LineView | { status: LineStatus }> {
    const { tenant, hexacode, department, subDepartment, page, line } = address;
    if (this.isVirtual(tenant, hexacode)) {
      const result = await this.readVirtualLines(tenant, hexacode, department, subDepartment, page);
      if (result.status !== 'OK') return { status: result.status };
      return result.lines.find((l) => l.number === line) ?? { status: 'LINE_NOT_PRESENT_IN_ADF' };
    }
    const resolved = await this.resolveDepartment(tenant, hexacode, department, subDepartment);
    if ('status' in resolved) return { status: resolved.status };
    if (!resolved.kind.pages.has(page)) return { status: 'PAGE_NOT_PRESENT' };
    const adfLine = resolved.kind.line(page, line);
    if (!adfLine) return { status: 'LINE_NOT_PRESENT_IN_ADF' };
    return this.view(
      hexacode,
      department,
      subDepartment,
      page,
      adfLine,
      this.devices.get(`${tenant}/${hexacode}`),
    );
  }

  /** The last raw value heard (undefined: never reported; null: the device reports no reading). */
  rawValue(address: LineAddress): number | null | undefined {
    const device = this.devices.get(`${address.tenant}/${address.hexacode}`);
    return device?.byDepartment
      .get(departmentKey(address.department, address.subDepartment))
      ?.values?.get(lineKey(address.page, address.line));
  }

  // ---------------------------------------------------------------- writes

  /**
   * Writes an operator's value (number, decimal string, option index or label) to a line: checked against the ADF,
   * sent as a command, answered by the device. Resolves ACCEPTED, REFUSED (by server or device), TIMEOUT, or
   * UNAVAILABLE (nothing sent).
   */
  async writeLine(
    address: LineAddress,
    value: string | number,
    options: { timeoutMs?: number; factorySettings?: boolean } = {},
  ): Promise<WriteResult> {
    const result = await this.doWrite(address, value, options);
    this.counters.writes[result.result]++;
    return result;
  }

  private async doWrite(
    address: LineAddress,
    value: string | number,
    options: { timeoutMs?: number; factorySettings?: boolean },
  ): Promise<WriteResult> {
    const { tenant, hexacode, department, subDepartment, page, line } = address;
    if (this.isVirtual(tenant, hexacode)) {
      return {
        result: 'REFUSED',
        by: 'server',
        reason: 'READ_ONLY',
        message: 'virtual device lines are computed',
      };
    }
    const resolved = await this.resolveDepartment(tenant, hexacode, department, subDepartment);
    if ('status' in resolved) return { result: 'UNAVAILABLE', status: resolved.status };
    if (!resolved.kind.pages.has(page)) return { result: 'UNAVAILABLE', status: 'PAGE_NOT_PRESENT' };
    const adfLine = resolved.kind.line(page, line);
    if (!adfLine) return { result: 'UNAVAILABLE', status: 'LINE_NOT_PRESENT_IN_ADF' };
    if (adfLine.factorySettings && !options.factorySettings) {
      return {
        result: 'REFUSED',
        by: 'server',
        reason: 'FACTORY_SETTINGS',
        message: 'factory-settings line',
      };
    }
    const encoded = encodeWrite(adfLine, value);
    if (!encoded.ok)
      return { result: 'REFUSED', by: 'server', reason: encoded.reason, message: encoded.message };
    const device = this.devices.get(`${tenant}/${hexacode}`);
    if (!device?.online) return { result: 'UNAVAILABLE', status: 'DEVICE_CAN_RECEIVED' };
    const client = this.client;
    if (!client) return { result: 'UNAVAILABLE', status: 'ERROR' };

    const command: WriteCommand = {
      v: PROTOCOL_VERSION,
      type: 'write',
      id: randomUUID(),
      department,
      subDepartment,
      page,
      line,
      raw: encoded.raw,
    };
    const timeoutMs = options.timeoutMs ?? this.options.writeTimeoutMs ?? 5000;
    const answer = new Promise<WriteResult>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(command.id);
        resolve({ result: 'TIMEOUT' });
      }, timeoutMs);
      this.pending.set(command.id, {
        timer,
        resolve: (r) => resolve(r.result === 'ACCEPTED' ? { result: 'ACCEPTED', raw: encoded.raw } : r),
      });
    });
    client.publish(this.topics.commands(tenant, hexacode), JSON.stringify(command), { qos: 1 }, (error) => {
      if (error) this.log.warn({ err: error, tenant, hexacode }, 'gateway: command publish failed');
    });
    return answer;
  }

  // ---------------------------------------------------------------- ingest

  private onMessage(topic: string, payload: Buffer): void {
    this.counters.received++;
    try {
      this.ingest(topic, payload);
    } catch (error) {
      // Never let one message take the gateway down: count it and carry on.
      this.reject('internal_error', topic, { err: error });
    }
  }

  private ingest(topic: string, payload: Buffer): void {
    const parsed = this.topics.parse(topic);
    if (!parsed || parsed.kind === 'commands') return this.reject('unknown_topic', topic);
    const key = `${parsed.tenant}/${parsed.hexacode}`;
    if (payload.length === 0) {
      // An empty retained message clears a retained topic (an administrator deleting a device); forget the state.
      if (parsed.kind === 'status') this.devices.delete(key);
      if (parsed.kind === 'values' || parsed.kind === 'departmentStatus') {
        this.devices.get(key)?.byDepartment.delete(departmentKey(parsed.department, parsed.subDepartment));
      }
      this.counters.accepted++;
      return;
    }
    if (payload.length > (this.options.maxPayloadBytes ?? 256 * 1024)) return this.reject('too_large', topic);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.reject('malformed_json', topic);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return this.reject('not_an_object', topic);
    const envelope = json as { v?: unknown; type?: unknown };
    if (envelope.v !== PROTOCOL_VERSION) return this.reject('unsupported_version', topic, { v: envelope.v });
    if (typeof envelope.type !== 'string' || !KNOWN_TYPES.has(envelope.type)) {
      return this.reject('unknown_type', topic, { type: envelope.type });
    }
    const expected = {
      status: 'status',
      values: 'values',
      departmentStatus: 'departmentStatus',
      replies: 'writeResult',
    }[parsed.kind];
    if (envelope.type !== expected) return this.reject('type_topic_mismatch', topic, { type: envelope.type });

    switch (parsed.kind) {
      case 'status': {
        const r = v.safeParse(StatusMessage, json);
        if (!r.success) return this.rejectShape(topic, r.issues);
        this.counters.accepted++;
        return this.applyStatus(parsed.tenant, parsed.hexacode, r.output);
      }
      case 'values': {
        const r = v.safeParse(ValuesMessage, json);
        if (!r.success) return this.rejectShape(topic, r.issues);
        this.counters.accepted++;
        return this.applyValues(
          parsed.tenant,
          parsed.hexacode,
          parsed.department,
          parsed.subDepartment,
          r.output,
        );
      }
      case 'departmentStatus': {
        const r = v.safeParse(DepartmentStatusMessage, json);
        if (!r.success) return this.rejectShape(topic, r.issues);
        this.counters.accepted++;
        return this.applyDepartmentStatus(
          parsed.tenant,
          parsed.hexacode,
          parsed.department,
          parsed.subDepartment,
          r.output,
        );
      }
      case 'replies': {
        const r = v.safeParse(WriteReply, json);
        if (!r.success) return this.rejectShape(topic, r.issues);
        this.counters.accepted++;
        const pending = this.pending.get(r.output.id);
        if (!pending) return; // another instance's command, or answered after the timeout
        clearTimeout(pending.timer);
        this.pending.delete(r.output.id);
        pending.resolve(
          r.output.result === 'ACCEPTED'
            ? { result: 'ACCEPTED', raw: 0 }
            : { result: 'REFUSED', by: 'device', reason: r.output.reason },
        );
        return;
      }
    }
  }

  private device(tenant: string, hexacode: string): DeviceCache {
    const key = `${tenant}/${hexacode}`;
    let d = this.devices.get(key);
    if (!d) this.devices.set(key, (d = { online: false, byDepartment: new Map(), status: 'OFF' }));
    return d;
  }

  private applyStatus(tenant: string, hexacode: string, m: StatusMessage): void {
    const d = this.device(tenant, hexacode);
    const wasOnline = d.online;
    d.online = m.online;
    if (m.online) {
      if (m.model) d.model = m.model;
      d.departments = m.departments ? new Set(m.departments) : undefined;
    }
    this.updateDeviceStatus(tenant, hexacode, d);
    if (wasOnline !== d.online) {
      this.log.info({ tenant, hexacode, online: d.online }, 'gateway: device status');
      this.markVirtualSources(tenant, hexacode);
    }
  }

  private applyDepartmentStatus(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    m: DepartmentStatusMessage,
  ): void {
    const d = this.device(tenant, hexacode);
    const key = departmentKey(department, subDepartment);
    let dep = d.byDepartment.get(key);
    if (!dep) d.byDepartment.set(key, (dep = {}));
    const before = this.departmentStatus(tenant, hexacode, department, subDepartment);
    dep.status = m.status;
    dep.alarms = m.alarms;
    const after = this.departmentStatus(tenant, hexacode, department, subDepartment);
    if (before !== after) {
      this.emit({ type: 'DepartmentStatus', tenant, hexacode, department, subDepartment, status: after });
    }
    this.updateDeviceStatus(tenant, hexacode, d);
  }

  private applyValues(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    m: ValuesMessage,
  ): void {
    const d = this.device(tenant, hexacode);
    const key = departmentKey(department, subDepartment);
    let dep = d.byDepartment.get(key);
    if (!dep) d.byDepartment.set(key, (dep = {}));
    const waiters = this.valueWaiters.get(`${tenant}/${hexacode}/${key}`);
    if (waiters) {
      this.valueWaiters.delete(`${tenant}/${hexacode}/${key}`);
      for (const waiter of waiters) waiter();
    }
    if (dep.ts !== undefined && m.ts < dep.ts) return; // out of order: keep the newer snapshot
    const previous = dep.values;
    const next = new Map<string, number | null>(Object.entries(m.values));
    const changes: { page: number; line: number; raw: number | null }[] = [];
    for (const [k, raw] of next) {
      if (previous?.get(k) !== raw || !previous.has(k)) {
        const [page, line] = k.split('.').map(Number) as [number, number];
        changes.push({ page, line, raw });
      }
    }
    dep.values = next;
    dep.ts = m.ts;
    if (changes.length > 0) {
      this.emit({ type: 'LineValues', tenant, hexacode, department, subDepartment, ts: m.ts, changes });
      this.markVirtual(`${tenant}/${hexacode}/${key}`);
    }
  }

  private updateDeviceStatus(tenant: string, hexacode: string, d: DeviceCache): void {
    let alarm = false;
    for (const dep of d.byDepartment.values()) if (dep.status?.endsWith('ALARM')) alarm = true;
    const status: DepartmentStatus = d.online ? (alarm ? 'ON_ALARM' : 'ON') : alarm ? 'OFF_ALARM' : 'OFF';
    if (status !== d.status) {
      d.status = status;
      this.emit({ type: 'DeviceStatus', tenant, hexacode, status });
    }
  }

  private emit(event: GatewayEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, type: event.type }, 'gateway: listener failed');
      }
    }
  }

  private reject(reason: string, topic: string, extra: object = {}): void {
    const n = (this.counters.rejected[reason] ?? 0) + 1;
    this.counters.rejected[reason] = n;
    // A misbehaving device can send thousands: log the first ten of each reason, then every thousandth.
    if (n <= 10 || n % 1000 === 0)
      this.log.warn({ topic, reason, count: n, ...extra }, 'gateway: message rejected');
  }

  private rejectShape(topic: string, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): void {
    const issue = issues[0];
    this.reject('invalid_shape', topic, { field: v.getDotPath(issue), issue: issue.message });
  }

  // ---------------------------------------------------------------- helpers

  private async resolve(
    tenant: string,
    hexacode: string,
  ): Promise<{ record: DeviceRecord; adf: CompiledAdf } | { status: LineStatus }> {
    const record = await this.options.directory.find(tenant, hexacode);
    if (!record) return { status: 'DEVICE_NOT_FOUND' };
    const adf = this.options.adfs.get(record.model);
    if (!adf) return { status: 'ADF_NOT_FOUND' };
    return { record, adf };
  }

  private async resolveDepartment(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
  ) {
    const resolved = await this.resolve(tenant, hexacode);
    if ('status' in resolved) return resolved;
    const kind = resolved.adf.kindOf(department, subDepartment);
    const announced = this.devices.get(`${tenant}/${hexacode}`)?.departments;
    if (!kind || (announced && !announced.has(departmentKey(department, subDepartment)))) {
      return { status: 'DEPARTMENT_NOT_PRESENT' as const };
    }
    return { ...resolved, kind };
  }

  private view(
    hexacode: string,
    department: number,
    subDepartment: number,
    page: number,
    l: AdfLine,
    device: DeviceCache | undefined,
  ): LineView {
    const base: LineView = {
      hexacode,
      department,
      subDepartment,
      page,
      number: l.number,
      name: l.name,
      status: 'NO_DATA',
      readOnly: l.readOnly,
      isFactorySettings: l.factorySettings,
      ...(l.options ? { options: l.options.map((o) => ({ label: o.label, index: o.index })) } : {}),
    };
    if (!device?.online) return { ...base, status: 'DEVICE_CAN_RECEIVED' };
    const values = device.byDepartment.get(departmentKey(department, subDepartment))?.values;
    if (!values) return base;
    const k = lineKey(page, l.number);
    if (!values.has(k)) return { ...base, status: 'LINE_NOT_PRESENT' };
    const t = translateRaw(l, values.get(k));
    return t.status === 'OK'
      ? { ...base, status: 'OK', value: t.value, unit: t.unit }
      : { ...base, status: t.status };
  }

  private async reading(tenant: string, s: LineAddress): Promise<SourceReading> {
    const resolved = await this.resolveDepartment(tenant, s.hexacode, s.department, s.subDepartment);
    if ('status' in resolved) return { ok: false };
    const l = resolved.kind.line(s.page, s.line);
    const device = this.devices.get(`${tenant}/${s.hexacode}`);
    if (!l || !device?.online) return { ok: false };
    const raw = this.rawValue(s);
    if (raw === null || raw === undefined) return { ok: false };
    const t = translateRaw(l, raw);
    if (t.status !== 'OK') return { ok: false };
    return { ok: true, number: l.options ? undefined : rawToNumber(l, raw), label: t.value };
  }

  private async readVirtualLines(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    page: number,
  ): Promise<LinesResult> {
    const def = this.virtual.get(`${tenant}/${hexacode}`);
    const dep = def?.departments.find(
      (d) => d.department === department && d.subDepartment === subDepartment,
    );
    if (!dep) return { status: 'DEPARTMENT_NOT_PRESENT', lines: [] };
    const p = dep.pages.find((x) => x.number === page);
    if (!p) return { status: 'PAGE_NOT_PRESENT', lines: [] };
    const lines = await Promise.all(
      p.lines.map(async (l): Promise<LineView> => {
        const readings = await Promise.all(l.sources.map((s) => this.reading(tenant, { tenant, ...s })));
        const r = evaluateVirtualLine(l, readings);
        return {
          hexacode,
          department,
          subDepartment,
          page,
          number: l.number,
          name: l.name,
          readOnly: true,
          isFactorySettings: false,
          ...r,
        };
      }),
    );
    return { status: 'OK', lines };
  }

  private markVirtualSources(tenant: string, hexacode: string): void {
    for (const src of this.dependents.keys())
      if (src.startsWith(`${tenant}/${hexacode}/`)) this.markVirtual(src);
  }

  private markVirtual(source: string): void {
    const set = this.dependents.get(source);
    if (!set || set.size === 0) return;
    for (const k of set) this.dirtyVirtual.add(k);
    this.scheduleVirtual();
  }

  private scheduleVirtual(): void {
    if (this.virtualFlush || this.dirtyVirtual.size === 0) return;
    // Coalesce: many source updates in one tick recompute each virtual device once.
    this.virtualFlush = setImmediate(() => {
      this.virtualFlush = undefined;
      const keys = [...this.dirtyVirtual];
      this.dirtyVirtual.clear();
      for (const key of keys) void this.recomputeVirtual(key);
    });
  }

  private async recomputeVirtual(key: string): Promise<void> {
    const def = this.virtual.get(key);
    if (!def) return;
    const tenant = key.slice(0, key.indexOf('/'));
    try {
      for (const d of def.departments) {
        const changed: LineView[] = [];
        for (const p of d.pages) {
          const result = await this.readVirtualLines(
            tenant,
            def.hexacode,
            d.department,
            d.subDepartment,
            p.number,
          );
          for (const l of result.lines) {
            const lk = `${key}/${d.department}.${d.subDepartment}/${p.number}.${l.number}`;
            const sig = `${l.status}|${l.value ?? ''}`;
            if (this.virtualLast.get(lk) !== sig) {
              this.virtualLast.set(lk, sig);
              changed.push(l);
            }
          }
        }
        if (changed.length > 0) {
          this.emit({
            type: 'VirtualLineValues',
            tenant,
            hexacode: def.hexacode,
            department: d.department,
            subDepartment: d.subDepartment,
            lines: changed,
          });
        }
      }
    } catch (error) {
      this.log.error({ err: error, key }, 'gateway: virtual device evaluation failed');
    }
  }
}

/** MQTT topic filter matching with + and #. */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

export function createGateway(options: GatewayOptions): Gateway {
  return new Gateway(options);
}
