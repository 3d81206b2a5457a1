import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import {
  ClientMessage,
  HEARTBEAT,
  type DeviceStatus,
  type PageTopic,
  type ServerMessage,
} from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { businessGroups, devices, tenants } from '../../db/schema';
import type { CompiledKind } from '../../gateway/adf/loader';
import { translateRaw } from '../../gateway/adf/translate';
import type { GatewayEvent, LineView } from '../../gateway/gateway';
import { type GatewayLogger, silentLogger } from '../../gateway/logger';
import type { GatewayAccess } from '../devices/service';
import { worstStatus } from '../devices/service';

type LineValue = { number: number; status: LineView['status']; value: string | null; unit: string | null };

/** What the socket layer hands the hub for one connection. */
export interface SocketPort {
  send(text: string): void;
  /** Bytes queued in the socket, not yet written to the network. */
  bufferedAmount(): number;
  close(code: number, reason: string): void;
}

export interface ClientIdentity {
  tenant: string;
  canReadDevices: boolean;
  /** Whether factory-settings lines may be shown (user setting + RND WRITE); asked on each Subscribe. */
  factorySettings(): Promise<boolean>;
}

interface Subscription {
  key: string;
  topic: PageTopic;
  factorySettings: boolean;
  /** ADF department kind of a real device (translation on the hot path without awaiting anything). */
  kind: CompiledKind | undefined;
  /** Line numbers of the page that this client may see. */
  visible: Set<number> | undefined;
}

interface Client {
  id: string;
  identity: ClientIdentity;
  port: SocketPort;
  subscriptions: Map<string, Subscription>;
  /** topic key → line number → latest value not yet sent (coalesces bursts). */
  pending: Map<string, Map<number, LineValue>>;
  lagging: boolean;
  closed: boolean;
}

export interface HubOptions {
  access: GatewayAccess;
  db: Database;
  logger?: GatewayLogger;
  /** Above this many queued bytes a client is lagging: updates are dropped and the client resynced later. */
  highWaterBytes?: number;
  lowWaterBytes?: number;
  maxSubscriptionsPerClient?: number;
}

export interface HubMetrics {
  clients: number;
  subscriptions: number;
  invalidMessages: number;
  refusedSubscriptions: number;
  droppedUpdates: number;
  resyncs: number;
  sent: number;
}

const topicKey = (t: PageTopic) => `${t.hexacode}/${t.department}.${t.subDepartment}/${t.page}`;
const departmentIndexKey = (tenant: string, hexacode: string, department: number, subDepartment: number) =>
  `${tenant}/${hexacode}/${department}.${subDepartment}`;

const MEMBERSHIP_TTL_MS = 30_000;

/**
 * The live side of the socket: subscriptions of pages, fan-out of gateway events (which every instance receives
 * from the broker), coalescing per page within one event-loop turn, and drop-and-resync for slow clients. Nothing
 * on the per-value path touches the database.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byTenant = new Map<string, Set<Client>>();
  /** tenant/hex/d.s → subscriptions of pages in that department */
  private readonly index = new Map<string, Set<{ client: Client; sub: Subscription }>>();
  private readonly dirty = new Set<Client>();
  private flushScheduled: NodeJS.Immediate | undefined;
  private readonly resyncTimer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly log: GatewayLogger;
  private readonly memberships = new Map<
    string,
    {
      until: number;
      loading?: Promise<void> | undefined;
      groupOf: Map<string, { hexacode: string; members: string[] }>;
    }
  >();
  private readonly groupStatus = new Map<string, DeviceStatus>();
  private readonly counters = {
    invalidMessages: 0,
    refusedSubscriptions: 0,
    droppedUpdates: 0,
    resyncs: 0,
    sent: 0,
  };

  constructor(private readonly options: HubOptions) {
    this.log = options.logger ?? silentLogger;
    this.unsubscribe = options.access.gateway.subscribe((event) => this.onEvent(event));
    this.resyncTimer = setInterval(() => this.resyncLagging(), 100);
    this.resyncTimer.unref();
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.resyncTimer);
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
  }

  metrics(): HubMetrics {
    let subscriptions = 0;
    for (const c of this.clients) subscriptions += c.subscriptions.size;
    return { clients: this.clients.size, subscriptions, ...this.counters };
  }

  /** A new authenticated connection: says its session id at once. */
  connect(identity: ClientIdentity, port: SocketPort): Client {
    const client: Client = {
      id: randomUUID(),
      identity,
      port,
      subscriptions: new Map(),
      pending: new Map(),
      lagging: false,
      closed: false,
    };
    this.clients.add(client);
    let set = this.byTenant.get(identity.tenant);
    if (!set) this.byTenant.set(identity.tenant, (set = new Set()));
    set.add(client);
    this.send(client, { type: 'SessionId', payload: { id: client.id } });
    return client;
  }

  disconnect(client: Client): void {
    client.closed = true;
    this.clients.delete(client);
    this.byTenant.get(client.identity.tenant)?.delete(client);
    for (const sub of client.subscriptions.values()) this.unindex(client, sub);
    client.subscriptions.clear();
    this.dirty.delete(client);
  }

  /** A text frame from the client: the heartbeat is echoed; JSON messages per ClientMessage; anything else counted. */
  async receive(client: Client, text: string): Promise<void> {
    if (text === HEARTBEAT) {
      client.port.send(HEARTBEAT);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.counters.invalidMessages++;
      return;
    }
    const parsed = v.safeParse(ClientMessage, json);
    if (!parsed.success) {
      this.counters.invalidMessages++;
      return;
    }
    const topic = { ...parsed.output.payload, hexacode: parsed.output.payload.hexacode.toUpperCase() };
    if (parsed.output.type === 'Unsubscribe') {
      const sub = client.subscriptions.get(topicKey(topic));
      if (sub) {
        client.subscriptions.delete(sub.key);
        client.pending.delete(sub.key);
        this.unindex(client, sub);
      }
      return;
    }
    await this.subscribe(client, topic);
  }

  private async subscribe(client: Client, topic: PageTopic): Promise<void> {
    const { tenant } = client.identity;
    const limit = this.options.maxSubscriptionsPerClient ?? 500;
    if (!client.identity.canReadDevices || client.subscriptions.size >= limit) {
      this.counters.refusedSubscriptions++;
      return;
    }
    const key = topicKey(topic);
    const previous = client.subscriptions.get(key);
    if (previous) this.unindex(client, previous);
    const { gateway, registry, adfs } = this.options.access;
    const factorySettings = await client.identity.factorySettings();
    const record = await registry.find(tenant, topic.hexacode);
    const kind = record ? adfs.get(record.model)?.kindOf(topic.department, topic.subDepartment) : undefined;
    const result = await gateway.readLines(
      tenant,
      topic.hexacode,
      topic.department,
      topic.subDepartment,
      topic.page,
      {
        factorySettings,
      },
    );
    // Nothing awaited from here on: no gateway event can slip between the snapshot and the registration.
    if (client.closed) return;
    this.send(client, {
      type: 'LineValues',
      payload: { ...topic, lines: result.lines.map(valueOf) },
    });
    if (result.status === 'DEVICE_NOT_FOUND') {
      this.counters.refusedSubscriptions++;
      return;
    }
    const sub: Subscription = {
      key,
      topic,
      factorySettings,
      kind,
      visible: new Set(result.lines.map((l) => l.number)),
    };
    client.subscriptions.set(key, sub);
    const indexKey = departmentIndexKey(tenant, topic.hexacode, topic.department, topic.subDepartment);
    let set = this.index.get(indexKey);
    if (!set) this.index.set(indexKey, (set = new Set()));
    set.add({ client, sub });
  }

  private unindex(client: Client, sub: Subscription): void {
    const indexKey = departmentIndexKey(
      client.identity.tenant,
      sub.topic.hexacode,
      sub.topic.department,
      sub.topic.subDepartment,
    );
    const set = this.index.get(indexKey);
    if (!set) return;
    for (const entry of set) if (entry.client === client && entry.sub === sub) set.delete(entry);
    if (set.size === 0) this.index.delete(indexKey);
  }

  // ------------------------------------------------------------------ gateway events

  private onEvent(event: GatewayEvent): void {
    switch (event.type) {
      case 'LineValues':
        return this.onLineValues(event);
      case 'VirtualLineValues':
        return this.onVirtualLineValues(event);
      case 'DepartmentStatus':
        return this.toTenant(event.tenant, {
          type: 'DepartmentStatus',
          payload: {
            hexacode: event.hexacode,
            department: event.department,
            subDepartment: event.subDepartment,
            status: event.status,
          },
        });
      case 'DeviceStatus':
        this.toTenant(event.tenant, {
          type: 'DeviceStatus',
          payload: { hexacode: event.hexacode, status: event.status },
        });
        void this.onMemberStatus(event.tenant, event.hexacode, event.status);
        this.resyncDevice(event.tenant, event.hexacode);
        return;
    }
  }

  private onLineValues(event: Extract<GatewayEvent, { type: 'LineValues' }>): void {
    const entries = this.index.get(
      departmentIndexKey(event.tenant, event.hexacode, event.department, event.subDepartment),
    );
    if (!entries || entries.size === 0) return;
    // Translate each changed line once per event, whoever watches it.
    const translated = new Map<string, LineValue>();
    for (const { client, sub } of entries) {
      if (!sub.kind) continue;
      for (const change of event.changes) {
        if (change.page !== sub.topic.page || !sub.visible?.has(change.line)) continue;
        const cacheKey = `${change.page}.${change.line}`;
        let value = translated.get(cacheKey);
        if (!value) {
          const line = sub.kind.line(change.page, change.line);
          if (!line) continue;
          const t = translateRaw(line, change.raw);
          value =
            t.status === 'OK'
              ? { number: change.line, status: 'OK', value: t.value, unit: t.unit }
              : { number: change.line, status: t.status, value: null, unit: null };
          translated.set(cacheKey, value);
        }
        this.enqueue(client, sub, value);
      }
    }
  }

  private onVirtualLineValues(event: Extract<GatewayEvent, { type: 'VirtualLineValues' }>): void {
    const entries = this.index.get(
      departmentIndexKey(event.tenant, event.hexacode, event.department, event.subDepartment),
    );
    if (!entries) return;
    for (const { client, sub } of entries) {
      for (const line of event.lines)
        if (line.page === sub.topic.page) this.enqueue(client, sub, valueOf(line));
    }
  }

  private enqueue(client: Client, sub: Subscription, value: LineValue): void {
    if (client.lagging) {
      this.counters.droppedUpdates++;
      return;
    }
    let lines = client.pending.get(sub.key);
    if (!lines) client.pending.set(sub.key, (lines = new Map()));
    lines.set(value.number, value);
    this.dirty.add(client);
    this.flushScheduled ??= setImmediate(() => this.flush());
  }

  /** Sends what accumulated during this event-loop turn: one LineValues per page per client. */
  private flush(): void {
    this.flushScheduled = undefined;
    const high = this.options.highWaterBytes ?? 1024 * 1024;
    for (const client of this.dirty) {
      if (client.closed) continue;
      if (client.port.bufferedAmount() > high) {
        // Slow client: stop queueing, drop what is pending, resend full pages once it has drained.
        client.lagging = true;
        for (const lines of client.pending.values()) this.counters.droppedUpdates += lines.size;
        client.pending.clear();
        continue;
      }
      for (const [key, lines] of client.pending) {
        const sub = client.subscriptions.get(key);
        if (!sub) continue;
        this.send(client, { type: 'LineValues', payload: { ...sub.topic, lines: [...lines.values()] } });
      }
      client.pending.clear();
    }
    this.dirty.clear();
  }

  private resyncLagging(): void {
    const low = this.options.lowWaterBytes ?? 64 * 1024;
    for (const client of this.clients) {
      if (!client.lagging || client.port.bufferedAmount() > low) continue;
      client.lagging = false;
      this.counters.resyncs++;
      for (const sub of client.subscriptions.values()) void this.resend(client, sub);
    }
  }

  /** After a device comes online or goes offline, watchers get its pages in full (values or DEVICE_CAN_RECEIVED). */
  private resyncDevice(tenant: string, hexacode: string): void {
    for (const client of this.byTenant.get(tenant) ?? []) {
      for (const sub of client.subscriptions.values())
        if (sub.topic.hexacode === hexacode) void this.resend(client, sub);
    }
  }

  private async resend(client: Client, sub: Subscription): Promise<void> {
    try {
      const { topic } = sub;
      const result = await this.options.access.gateway.readLines(
        client.identity.tenant,
        topic.hexacode,
        topic.department,
        topic.subDepartment,
        topic.page,
        { factorySettings: sub.factorySettings },
      );
      if (client.closed || client.lagging || client.subscriptions.get(sub.key) !== sub) return;
      client.pending.delete(sub.key);
      this.send(client, { type: 'LineValues', payload: { ...topic, lines: result.lines.map(valueOf) } });
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: resync failed');
    }
  }

  // ------------------------------------------------------------------ statuses

  private toTenant(tenant: string, message: ServerMessage): void {
    const clients = this.byTenant.get(tenant);
    if (!clients || clients.size === 0) return;
    const text = JSON.stringify(message);
    for (const client of clients) if (client.identity.canReadDevices) this.sendText(client, text);
  }

  /** MappingStatus for a member of a business group, and the group's own (worst-of) status when it changes. */
  private async onMemberStatus(tenant: string, hexacode: string, status: DeviceStatus): Promise<void> {
    if (!this.byTenant.get(tenant)?.size) return;
    try {
      const group = (await this.membership(tenant)).get(hexacode);
      if (!group) return;
      this.toTenant(tenant, {
        type: 'MappingStatus',
        payload: { hexacode: group.hexacode, memberHexacode: hexacode, status },
      });
      const gateway = this.options.access.gateway;
      const groupStatus = worstStatus(group.members.map((m) => gateway.deviceStatus(tenant, m)));
      const key = `${tenant}/${group.hexacode}`;
      if (this.groupStatus.get(key) !== groupStatus) {
        this.groupStatus.set(key, groupStatus);
        this.toTenant(tenant, {
          type: 'DeviceStatus',
          payload: { hexacode: group.hexacode, status: groupStatus },
        });
      }
    } catch (error) {
      this.log.warn({ err: error, tenant }, 'realtime: business group lookup failed');
    }
  }

  /** Member hexacode → its business group, per tenant, cached (statuses are rare; no query per value). */
  private async membership(tenant: string): Promise<Map<string, { hexacode: string; members: string[] }>> {
    const cached = this.memberships.get(tenant);
    if (cached && cached.until > Date.now()) return cached.groupOf;
    if (cached?.loading) {
      await cached.loading;
      return this.memberships.get(tenant)!.groupOf;
    }
    const entry: {
      until: number;
      groupOf: Map<string, { hexacode: string; members: string[] }>;
      loading?: Promise<void> | undefined;
    } = { until: 0, groupOf: cached?.groupOf ?? new Map() };
    this.memberships.set(tenant, entry);
    entry.loading = this.options.db
      .select({ member: devices.hexacode, group: businessGroups.hexacode })
      .from(devices)
      .innerJoin(businessGroups, eq(businessGroups.id, devices.businessGroupId))
      .innerJoin(tenants, eq(tenants.id, devices.tenantId))
      .where(eq(tenants.name, tenant))
      .then((rows) => {
        const groups = new Map<string, { hexacode: string; members: string[] }>();
        const groupOf = new Map<string, { hexacode: string; members: string[] }>();
        for (const row of rows) {
          let g = groups.get(row.group);
          if (!g) groups.set(row.group, (g = { hexacode: row.group, members: [] }));
          g.members.push(row.member);
          groupOf.set(row.member, g);
        }
        entry.groupOf = groupOf;
        entry.until = Date.now() + MEMBERSHIP_TTL_MS;
        entry.loading = undefined;
      })
      .catch((error: unknown) => {
        entry.loading = undefined;
        throw error;
      });
    await entry.loading;
    return entry.groupOf;
  }

  // ------------------------------------------------------------------ sending

  private send(client: Client, message: ServerMessage): void {
    this.sendText(client, JSON.stringify(message));
  }

  private sendText(client: Client, text: string): void {
    if (client.closed) return;
    try {
      client.port.send(text);
      this.counters.sent++;
    } catch (error) {
      this.log.warn({ err: error }, 'realtime: send failed');
    }
  }
}

function valueOf(line: LineView): LineValue {
  const ok = line.status === 'OK';
  return {
    number: line.number,
    status: line.status,
    value: ok ? (line.value ?? null) : null,
    unit: ok ? (line.unit ?? null) : null,
  };
}
