import type { PageTopic } from '#contracts';
import type { Freshness, GatewayEvent } from '../../gateway/gateway';
import type { GatewayLogger } from '../../gateway/logger';
import type { GatewayAccess } from '../devices/gateway-access';
import { type Client, type Subscription, topicKey } from './client';
import type { LiveLine } from '#contracts';
import { translatedValue, valueOf } from './line-values';
import type { Outbox } from './outbox';
import { SubscriptionIndex } from './subscription-index';

/**
 * Clients' subscriptions of device pages: a snapshot on subscribe, then the gateway's changes to exactly the
 * lines each client may see, and full pages again whenever a client or a device needs a resync.
 */
export class PageSubscriptions {
  readonly counters = { refusedSubscriptions: 0 };
  private readonly index = new SubscriptionIndex();

  constructor(
    private readonly options: {
      access: GatewayAccess;
      outbox: Outbox;
      log: GatewayLogger;
      maxSubscriptionsPerClient?: number | undefined;
      /** When a page's values were reported and whether they are stale, sent with them (freshness.ts). */
      stamp(client: Client, topic: PageTopic): Freshness;
    },
  ) {}

  async subscribe(client: Client, topic: PageTopic): Promise<void> {
    const limit = this.options.maxSubscriptionsPerClient ?? 500;
    // Subscribes still reading their snapshot count too: a burst of them cannot pass the limit together.
    if (!client.identity.canReadDevices || client.subscriptions.size + client.subscribing >= limit) {
      this.counters.refusedSubscriptions++;
      // Every Subscribe is answered, so a browser resyncing after a reconnection knows it has all it will get.
      const nothing = { reportedAt: null, stale: false };
      this.options.outbox.send(client, { type: 'LineValues', payload: { ...topic, lines: [], ...nothing } });
      return;
    }
    client.subscribing++;
    try {
      await this.register(client, topic);
    } finally {
      client.subscribing--;
    }
  }

  /** Sends the page's snapshot and keeps the subscription (none for a device the tenant does not have). */
  private async register(client: Client, topic: PageTopic): Promise<void> {
    const { tenant, language } = client.identity;
    const key = topicKey(topic);
    const previous = client.subscriptions.get(key);
    if (previous) this.index.remove(client, previous);
    const { gateway, registry, adfs } = this.options.access;
    const factorySettings = await client.identity.factorySettings();
    const record = await registry.find(tenant, topic.hexacode);
    const kind = record
      ? adfs.get(record.model)?.in(language).kindOf(topic.department, topic.subDepartment)
      : undefined;
    const result = await gateway.readLines({ ...topic, tenant }, { factorySettings, language });
    // Nothing awaited from here on: no gateway event can slip between the snapshot and the registration.
    if (client.closed) return;
    this.options.outbox.send(client, {
      type: 'LineValues',
      payload: { ...topic, lines: result.lines.map(valueOf), ...this.options.stamp(client, topic) },
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
    this.index.add(client, sub);
  }

  unsubscribe(client: Client, topic: PageTopic): void {
    const sub = client.subscriptions.get(topicKey(topic));
    if (!sub) return;
    client.subscriptions.delete(sub.key);
    client.pending.delete(sub.key);
    this.index.remove(client, sub);
  }

  /** The client disconnected. */
  removeAll(client: Client): void {
    for (const sub of client.subscriptions.values()) this.index.remove(client, sub);
    client.subscriptions.clear();
  }

  onRawLineValues(event: Extract<GatewayEvent, { type: 'RawLineValues' }>): void {
    const watchers = this.index.watchers(event.tenant, event.hexacode, event.department, event.subDepartment);
    if (!watchers || watchers.size === 0) return;
    // Translate each changed line once per event and language, whoever watches it.
    const translated = new Map<string, LiveLine>();
    for (const { client, sub } of watchers) {
      if (!sub.kind) continue;
      for (const change of event.values) {
        if (change.page !== sub.topic.page || !sub.visible?.has(change.line)) continue;
        const cacheKey = `${client.identity.language}/${change.page}.${change.line}`;
        let value = translated.get(cacheKey);
        if (!value) {
          value = translatedValue(sub.kind, change.page, change.line, change.raw);
          if (!value) continue;
          translated.set(cacheKey, value);
        }
        this.options.outbox.enqueue(client, sub, value);
      }
    }
  }

  onVirtualLineValues(event: Extract<GatewayEvent, { type: 'VirtualLineValues' }>): void {
    const watchers = this.index.watchers(event.tenant, event.hexacode, event.department, event.subDepartment);
    if (!watchers) return;
    for (const { client, sub } of watchers) {
      for (const line of event.lines)
        if (line.page === sub.topic.page) this.options.outbox.enqueue(client, sub, valueOf(line));
    }
  }

  /** Every page of the client again, e.g. after it lagged and drained. */
  resendAll(client: Client): void {
    for (const sub of client.subscriptions.values()) void this.resend(client, sub);
  }

  /** After a device comes online or goes offline, watchers get its pages in full (values or DEVICE_CAN_RECEIVED). */
  resendDevice(clients: Iterable<Client>, hexacode: string): void {
    for (const client of clients) {
      for (const sub of client.subscriptions.values())
        if (sub.topic.hexacode === hexacode) void this.resend(client, sub);
    }
  }

  private async resend(client: Client, sub: Subscription): Promise<void> {
    try {
      const { topic } = sub;
      const result = await this.options.access.gateway.readLines(
        { ...topic, tenant: client.identity.tenant },
        { factorySettings: sub.factorySettings, language: client.identity.language },
      );
      if (client.closed || client.lagging || client.subscriptions.get(sub.key) !== sub) return;
      client.pending.delete(sub.key);
      this.options.outbox.send(client, {
        type: 'LineValues',
        payload: { ...topic, lines: result.lines.map(valueOf), ...this.options.stamp(client, topic) },
      });
    } catch (error) {
      this.options.log.warn({ err: error }, 'realtime: resync failed');
    }
  }
}
