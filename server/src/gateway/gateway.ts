import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { AdfRegistry } from './adf/loader';
import type { LineStatus } from './adf/translate';
import { type GatewayClock, aheadOfClock, systemGatewayClock } from './clock';
import { CommandChannel, type WriteResult } from './commands';
import { type BrokerLogin, OwnSubscriptions, connectGatewayClient } from './connection';
import { DeviceCache } from './device-cache';
import type { DeviceDirectory } from './directory';
import { type GatewayListener, GatewayEvents } from './events';
import { MessageIntake } from './intake';
import type { DepartmentAddress, LineAddress, PageAddress } from './addresses';
import { type DepartmentView, LineReader, type LinesResult } from './lines';
import type { LineView } from './line-view';
import { type GatewayLogger, silentLogger } from './logger';
import { LostDevices } from './lost-devices';
import { DEFAULT_PREFIX, type DepartmentStatus, PROTOCOL_VERSION, Topics } from './protocol';
import { type Freshness, oldestOf, Staleness } from './staleness';
import { StatusRereads } from './status-rereads';
import type { VirtualDeviceDefinition } from './virtual';
import { VirtualDevices } from './virtual-devices';

export type { GatewayClock } from './clock';
export type { WriteResult } from './commands';
export type { GatewayEvent, GatewayListener } from './events';
export type { LineAddress } from './addresses';
export type { DepartmentView, LinesResult } from './lines';
export type { LineView } from './line-view';
export type { Freshness } from './staleness';

export interface GatewayOptions extends BrokerLogin {
  clientId?: string;
  prefix?: string;
  adfs: AdfRegistry;
  directory: DeviceDirectory;
  logger?: GatewayLogger;
  /** How long a device has to answer a line write. Default 5000 ms. */
  writeTimeoutMs?: number;
  /** Largest accepted message, bytes. Default MAX_PACKET_BYTES (64 KiB), what the broker lets through. */
  maxPayloadBytes?: number;
  /** Time and timers (the lost-device timeout); tests pass a manual one. */
  clock?: GatewayClock;
}

export interface GatewayMetrics {
  received: number;
  accepted: number;
  rejected: Record<string, number>;
  devices: number;
  online: number;
  pendingWrites: number;
  writes: Record<WriteResult['result'], number>;
  commandsPublished: number;
}

/**
 * The server's side of the device protocol: one MQTT connection hearing every device, a cache of what they said,
 * translated reads, commands to them, and live events. This class only wires the parts together.
 */
export class Gateway {
  private client: MqttClient | undefined;
  private readonly topics: Topics;
  private readonly log: GatewayLogger;
  private readonly events: GatewayEvents;
  private readonly cache: DeviceCache;
  private readonly reader: LineReader;
  private readonly virtual: VirtualDevices;
  private readonly commands: CommandChannel;
  private readonly intake: MessageIntake;
  private readonly own: OwnSubscriptions;
  private readonly lost: LostDevices;
  private readonly staleness: Staleness;
  private readonly rereads: StatusRereads;
  private readonly clock: GatewayClock;

  constructor(private readonly options: GatewayOptions) {
    this.topics = new Topics(options.prefix ?? DEFAULT_PREFIX);
    this.log = options.logger ?? silentLogger;
    this.events = new GatewayEvents(this.log);
    const emit = this.events.emit.bind(this.events);
    const isVirtual = (tenant: string, hexacode: string) => this.virtual.has(tenant, hexacode);
    const clock = (this.clock = options.clock ?? systemGatewayClock);
    this.lost = new LostDevices(
      clock,
      { emit, setLost: (tenant, hexacode, lost) => this.cache.setLost(tenant, hexacode, lost) },
      this.log,
    );
    this.cache = new DeviceCache(
      {
        emit,
        isVirtual,
        now: () => clock.now(),
        presenceHeard: (tenant, hexacode, heard) => {
          this.lost.presenceHeard(tenant, hexacode, heard);
          this.staleness.heard(tenant, hexacode);
        },
        reported: (tenant, hexacode, online) => {
          this.staleness.heard(tenant, hexacode);
          // Values from a device the server has offline: its online status was missed.
          if (!online) this.rereads.request(tenant, hexacode);
        },
        valuesArrived: (source) => this.commands.onValues(source),
        sourceChanged: (source) => this.virtual.sourceChanged(source),
        deviceOnlineChanged: (tenant, hexacode) => this.virtual.deviceChanged(tenant, hexacode),
      },
      this.log,
    );
    this.staleness = new Staleness(
      { cache: this.cache, directory: options.directory, adfs: options.adfs, clock, log: this.log },
      {
        emit,
        silenceChanged: (tenant, hexacode, silent) => {
          if (silent) this.rereads.request(tenant, hexacode);
        },
      },
    );
    this.rereads = new StatusRereads({
      client: () => this.client,
      topics: this.topics,
      clock,
      log: this.log,
      cache: this.cache,
      isSilent: (tenant, hexacode) => this.staleness.isSilent(tenant, hexacode),
      takeOffline: (tenant, hexacode) =>
        this.cache.applyStatus(tenant, hexacode, { v: PROTOCOL_VERSION, type: 'status', online: false }),
    });
    this.reader = new LineReader(options.directory, options.adfs, this.cache);
    this.virtual = new VirtualDevices(this.reader, emit, this.log);
    this.commands = new CommandChannel({
      topics: this.topics,
      reader: this.reader,
      cache: this.cache,
      client: () => this.client,
      isVirtual,
      log: this.log,
      writeTimeoutMs: options.writeTimeoutMs ?? 5000,
    });
    this.intake = new MessageIntake(
      this.topics,
      {
        status: (at, m, retained) => {
          this.rereads.statusHeard(at.tenant, at.hexacode);
          this.cache.applyStatus(at.tenant, at.hexacode, m, retained);
        },
        values: (at, m) => this.cache.applyValues(at.tenant, at.hexacode, at.department, at.subDepartment, m),
        departmentStatus: (at, m, retained) =>
          this.cache.applyDepartmentStatus(
            at.tenant,
            at.hexacode,
            at.department,
            at.subDepartment,
            m,
            retained,
          ),
        reply: (m) => this.commands.onReply(m),
        alarm: (at, m) => {
          const [department, subDepartment] = m.department.split('.').map(Number) as [number, number];
          this.cache.applyAlarm(at.tenant, at.hexacode, department, subDepartment, m);
        },
        forgetDevice: (at) => {
          this.lost.forget(at.tenant, at.hexacode);
          this.staleness.forget(at.tenant, at.hexacode);
          this.rereads.forget(at.tenant, at.hexacode);
          this.cache.forgetDevice(at.tenant, at.hexacode);
        },
        forgetDepartment: (at) =>
          this.cache.forgetDepartment(at.tenant, at.hexacode, at.department, at.subDepartment),
      },
      this.log,
      () => clock.now(),
      options.maxPayloadBytes,
    );
    this.own = new OwnSubscriptions(options, this.log);
  }

  /** Connects, subscribes to every device topic, and resolves once subscribed (retained values then stream in). */
  async start(): Promise<void> {
    const clientId = this.options.clientId ?? `coldwatch-server-${randomUUID()}`;
    this.client = await connectGatewayClient(
      this.options,
      clientId,
      (t, p, retained) => this.intake.onMessage(t, p, retained),
      this.log,
    );
    await this.client.subscribeAsync(this.topics.allFromDevices, { qos: 1 });
    this.staleness.start();
    this.rereads.start();
    this.log.info({ url: this.options.url }, 'gateway: connected and subscribed');
  }

  async stop(): Promise<void> {
    this.staleness.stop();
    this.rereads.stop();
    this.commands.stop();
    this.virtual.stop();
    this.lost.stop();
    await this.own.stop();
    const client = this.client;
    this.client = undefined;
    if (client) await client.endAsync();
  }

  /** Whether a device's timestamp is further ahead of the server's clock than the protocol allows. */
  isAheadOfClock(ts: number): boolean {
    return aheadOfClock(ts, this.clock.now());
  }

  /** Whether the gateway's MQTT connection is up (for /healthz). */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Listens to live events; returns the unsubscribe function. A throwing listener is logged, never fatal. */
  subscribe(listener: GatewayListener): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * A subscription of a module's own to `<prefix>/<filter>`, on its own connection: history recording, which every
   * instance does (the database keeps one copy of each sample), so that an instance that dies takes nothing with
   * it that another instance heard. The handler must validate what it gets; `retained` marks the broker's stored
   * copy sent on subscribing, not a message published now. Returns the function that ends it.
   */
  subscribeOwn(
    name: string,
    filter: string,
    handler: (topic: string, payload: Buffer, retained: boolean) => void,
  ): Promise<() => Promise<void>> {
    return this.own.add(name, `${this.topics.prefix}/${filter}`, handler);
  }

  metrics(): GatewayMetrics {
    return {
      ...this.intake.metrics(),
      devices: this.cache.size,
      online: this.cache.online,
      ...this.commands.metrics(),
    };
  }

  /** Replaces the virtual devices of a tenant (at start from the database, and whenever they change). */
  setVirtualDevices(tenant: string, definitions: readonly VirtualDeviceDefinition[]): void {
    this.virtual.set(tenant, definitions);
  }

  isVirtual(tenant: string, hexacode: string): boolean {
    return this.virtual.has(tenant, hexacode);
  }

  /** The gateway's clock (ms): what the freshness of reported values is measured against. */
  now(): number {
    return this.clock.now();
  }

  /** Whether a real device is online as last heard through the broker. */
  isOnline(tenant: string, hexacode: string): boolean {
    return this.cache.get(tenant, hexacode)?.online ?? false;
  }

  /** Whether a device online has reported nothing for its model's stale period (docs/device-protocol.md). */
  isSilent(tenant: string, hexacode: string): boolean {
    return this.staleness.isSilent(tenant, hexacode);
  }

  /**
   * When a department's values were reported and whether that is longer ago than its model's stale period. A
   * virtual department is as old as the oldest of its sources, and stale when one of them is.
   */
  freshness(address: DepartmentAddress): Freshness {
    const sources = this.virtual.sourcesOf(address);
    if (!sources) return this.staleness.freshness(address);
    return oldestOf(sources.map((source) => this.staleness.freshness({ ...source, tenant: address.tenant })));
  }

  /** Whether the server's DEVICE_LOST alarm is active for a device (offline past DEVICE_LOST_AFTER_MS). */
  isLost(tenant: string, hexacode: string): boolean {
    return this.lost.isLost(tenant, hexacode);
  }

  /** ON/ON_ALARM/OFF/OFF_ALARM of a device as last heard through the broker (OFF if never heard). */
  deviceStatus(tenant: string, hexacode: string): DepartmentStatus {
    return this.isVirtual(tenant, hexacode) ? 'ON' : this.cache.deviceStatus(tenant, hexacode);
  }

  /** Effective department status: the device's report, shifted to its offline counterpart while the device is off. */
  departmentStatus(address: DepartmentAddress): DepartmentStatus {
    return this.cache.departmentStatus(address);
  }

  /**
   * A device's departments with their names in `language` (the ADF's; a virtual device's as its author named
   * them) and live statuses.
   */
  async departments(
    tenant: string,
    hexacode: string,
    language = 'en',
  ): Promise<{ status: LineStatus; departments: DepartmentView[] }> {
    const virtual = this.virtual.departments(tenant, hexacode);
    return virtual
      ? { status: 'OK', departments: virtual }
      : this.reader.departments(tenant, hexacode, language);
  }

  async pages(
    address: DepartmentAddress,
    language = 'en',
  ): Promise<{ status: LineStatus; pages: { number: number; name: string }[] }> {
    if (this.isVirtual(address.tenant, address.hexacode)) return this.virtual.pages(address);
    return this.reader.pages(address, language);
  }

  /**
   * The translated lines of one page, each with its SPEC §4 status, names and states in `options.language`.
   * Factory-settings lines only when asked.
   */
  async readLines(
    address: PageAddress,
    options: { factorySettings?: boolean; language?: string } = {},
  ): Promise<LinesResult> {
    if (this.isVirtual(address.tenant, address.hexacode)) return this.virtual.readLines(address);
    return this.reader.readLines(address, options);
  }

  /** One line (widgets): LINE_NOT_PRESENT_IN_ADF when the model has no such line. */
  async readLine(address: LineAddress): Promise<LineView | { status: LineStatus }> {
    if (!this.isVirtual(address.tenant, address.hexacode)) return this.reader.readLine(address);
    const result = await this.virtual.readLines(address);
    if (result.status !== 'OK') return { status: result.status };
    return result.lines.find((l) => l.number === address.line) ?? { status: 'LINE_NOT_PRESENT_IN_ADF' };
  }

  /** The last raw value heard (undefined: never reported; null: the device reports no reading). */
  rawValue(address: LineAddress): number | null | undefined {
    return this.cache.rawValue(address);
  }

  /**
   * Writes an operator's value (number, decimal string, option index or label) to a line: checked against the ADF,
   * sent as a command, answered by the device. Resolves ACCEPTED, REFUSED (by server or device), TIMEOUT, or
   * UNAVAILABLE (nothing sent).
   */
  writeLine(
    address: LineAddress,
    value: string | number,
    options: { timeoutMs?: number; factorySettings?: boolean } = {},
  ): Promise<WriteResult> {
    return this.commands.writeLine(address, value, options);
  }

  /**
   * Asks an online device to republish the snapshot of a department (the `refresh` command) and waits until that
   * values message arrives or `timeoutMs` passes. Resolves true when a fresh snapshot arrived.
   */
  refresh(
    tenant: string,
    hexacode: string,
    department: number,
    subDepartment: number,
    timeoutMs = 1500,
  ): Promise<boolean> {
    return this.commands.refresh(tenant, hexacode, department, subDepartment, timeoutMs);
  }
}
