import * as v from 'valibot';
import { ClientMessage, HEARTBEAT, type ServerMessage } from '#contracts';
import type { Database } from '../../db/client';
import type { GatewayEvent } from '../../gateway/gateway';
import { type GatewayLogger, silentLogger } from '../../gateway/logger';
import type { GatewayAccess } from '../devices/gateway-access';
import { BusinessGroupStatus } from './business-group-status';
import { type Client, type ClientIdentity, type SocketPort, newClient } from './client';
import { FreshnessPush } from './freshness';
import { Outbox } from './outbox';
import { PageSubscriptions } from './page-subscriptions';

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
  replacedUpdates: number;
  resyncs: number;
  sent: number;
}

/**
 * The live side of the socket: connections, their messages, and gateway events (which every instance receives
 * from the broker) routed to page subscriptions or, for statuses and silent devices, to the tenant's clients, with
 * the freshness of what each client watches. Nothing on the per-value path touches the database.
 */
export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly byTenant = new Map<string, Set<Client>>();
  private readonly outbox: Outbox;
  private readonly pages: PageSubscriptions;
  private readonly businessGroups: BusinessGroupStatus;
  private readonly freshness: FreshnessPush;
  private readonly unsubscribe: () => void;
  private invalidMessages = 0;

  constructor(options: HubOptions) {
    const log = options.logger ?? silentLogger;
    const { gateway } = options.access;
    this.freshness = new FreshnessPush({
      clients: this.clients,
      freshness: (tenant, topic) => gateway.freshness({ ...topic, tenant }),
      send: (client, message) => this.outbox.send(client, message),
    });
    const stamp = this.freshness.stamp.bind(this.freshness);
    this.outbox = new Outbox({
      clients: this.clients,
      log,
      highWaterBytes: options.highWaterBytes,
      lowWaterBytes: options.lowWaterBytes,
      resync: (client) => this.pages.resendAll(client),
      stamp,
    });
    this.pages = new PageSubscriptions({
      access: options.access,
      outbox: this.outbox,
      log,
      maxSubscriptionsPerClient: options.maxSubscriptionsPerClient,
      stamp,
    });
    this.businessGroups = new BusinessGroupStatus({
      db: options.db,
      access: options.access,
      log,
      watched: (tenant) => Boolean(this.byTenant.get(tenant)?.size),
      toTenant: (tenant, message) => this.toTenant(tenant, message),
    });
    // Last: events may only arrive once the parts they reach exist.
    this.unsubscribe = options.access.gateway.subscribe((event) => this.onEvent(event));
  }

  close(): void {
    this.unsubscribe();
    this.freshness.close();
    this.outbox.close();
  }

  /** Closes every connection with `code` (the server going down says so, and browsers reconnect elsewhere). */
  closeAll(code: number, reason: string): void {
    for (const client of [...this.clients]) client.port.close(code, reason);
  }

  metrics(): HubMetrics {
    let subscriptions = 0;
    for (const c of this.clients) subscriptions += c.subscriptions.size;
    return {
      clients: this.clients.size,
      subscriptions,
      invalidMessages: this.invalidMessages,
      ...this.pages.counters,
      ...this.outbox.counters,
    };
  }

  /** A new authenticated connection: says its session id at once. */
  connect(identity: ClientIdentity, port: SocketPort): Client {
    const client = newClient(identity, port);
    this.clients.add(client);
    let set = this.byTenant.get(identity.tenant);
    if (!set) this.byTenant.set(identity.tenant, (set = new Set()));
    set.add(client);
    this.outbox.send(client, { type: 'SessionId', payload: { id: client.id } });
    return client;
  }

  disconnect(client: Client): void {
    client.closed = true;
    this.clients.delete(client);
    this.byTenant.get(client.identity.tenant)?.delete(client);
    this.pages.removeAll(client);
    this.outbox.forget(client);
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
      this.invalidMessages++;
      return;
    }
    const parsed = v.safeParse(ClientMessage, json);
    if (!parsed.success) {
      this.invalidMessages++;
      return;
    }
    const topic = { ...parsed.output.payload, hexacode: parsed.output.payload.hexacode.toUpperCase() };
    if (parsed.output.type === 'Unsubscribe') this.pages.unsubscribe(client, topic);
    else await this.pages.subscribe(client, topic);
  }

  private onEvent(event: GatewayEvent): void {
    switch (event.type) {
      case 'RawLineValues':
        return this.pages.onRawLineValues(event);
      case 'VirtualLineValues':
        return this.pages.onVirtualLineValues(event);
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
      case 'DeviceSilence':
        return this.toTenant(event.tenant, {
          type: 'DeviceSilence',
          payload: { hexacode: event.hexacode, silent: event.silent, reportedAt: event.reportedAt },
        });
      case 'DeviceStatus':
        this.toTenant(event.tenant, {
          type: 'DeviceStatus',
          payload: { hexacode: event.hexacode, status: event.status },
        });
        void this.businessGroups.onMemberStatus(event.tenant, event.hexacode, event.status);
        this.pages.resendDevice(this.byTenant.get(event.tenant) ?? [], event.hexacode);
        return;
    }
  }

  private toTenant(tenant: string, message: ServerMessage): void {
    const clients = this.byTenant.get(tenant);
    if (!clients || clients.size === 0) return;
    const text = JSON.stringify(message);
    for (const client of clients) if (client.identity.canReadDevices) this.outbox.sendText(client, text);
  }
}
