import type { MqttClient } from 'mqtt';
import { type GatewayClock, Repeating } from './clock';
import type { DeviceCache } from './device-cache';
import type { GatewayLogger } from './logger';
import {
  STATUS_REREAD_ANSWER_MS,
  STATUS_REREAD_EVERY_MS,
  STATUS_REREAD_MIN_GAP_MS,
  STATUS_REREAD_TICK_MS,
  type Topics,
} from './protocol';

export interface StatusRereadsDeps {
  client(): MqttClient | undefined;
  topics: Topics;
  clock: GatewayClock;
  log: GatewayLogger;
  cache: DeviceCache;
  isSilent(tenant: string, hexacode: string): boolean;
  /** The broker no longer knows a silent device: it is offline, as its last will would have said. */
  takeOffline(tenant: string, hexacode: string): void;
}

type DeviceKey = readonly [tenant: string, hexacode: string];

/** Devices re-read with one SUBSCRIBE (about 100 bytes each of its 64 KiB at most). */
const REREAD_PER_PACKET = 200;

/**
 * Statuses the server missed heal: a broker under load drops messages (Mosquitto past `max_queued_messages`), and a
 * broker restarted without persistence forgets a device that never came back. Subscribing again to a device's
 * status topics makes the broker send their retained copies, the device's own latest word; that runs for every
 * device in turn (STATUS_REREAD_EVERY_MS), and at once for a device that turns silent or reports while the server
 * has it offline. A reconnection of the server's own client re-subscribes to everything, which re-reads them all.
 */
export class StatusRereads {
  /** Devices whose retained status is awaited: when they were asked. */
  private readonly asked = new Map<string, number>();
  /** When a device was last asked for out of turn (the round does not count: silence must not wait for it). */
  private readonly lastRequested = new Map<string, number>();
  private round: DeviceKey[] = [];
  private readonly ticks: Repeating;

  constructor(private readonly deps: StatusRereadsDeps) {
    this.ticks = new Repeating(deps.clock, STATUS_REREAD_TICK_MS, () => this.rollOn());
  }

  start(): void {
    this.ticks.start();
  }

  stop(): void {
    this.ticks.stop();
  }

  /** Reads a device's statuses again now, unless that was done a moment ago. */
  request(tenant: string, hexacode: string): void {
    const key = `${tenant}/${hexacode}`;
    const now = this.deps.clock.now();
    const last = this.lastRequested.get(key);
    if (last !== undefined && now - last < STATUS_REREAD_MIN_GAP_MS) return;
    this.lastRequested.set(key, now);
    void this.reread([[tenant, hexacode]]);
  }

  /** A status message of the device arrived (retained or live): it answered. */
  statusHeard(tenant: string, hexacode: string): void {
    this.asked.delete(`${tenant}/${hexacode}`);
  }

  forget(tenant: string, hexacode: string): void {
    this.asked.delete(`${tenant}/${hexacode}`);
    this.lastRequested.delete(`${tenant}/${hexacode}`);
  }

  /** The next few devices of the round, so that each is read again once every STATUS_REREAD_EVERY_MS. */
  private rollOn(): void {
    if (this.round.length === 0) this.round = [...this.deps.cache.entries()].map(([t, h]) => [t, h] as const);
    const ticks = Math.max(1, Math.floor(STATUS_REREAD_EVERY_MS / STATUS_REREAD_TICK_MS));
    const batch = this.round.splice(0, Math.ceil(this.deps.cache.size / ticks));
    if (batch.length > 0) void this.reread(batch);
  }

  private async reread(devices: readonly DeviceKey[]): Promise<void> {
    // Two filters a device; a few hundred a SUBSCRIBE keep each packet far below the broker's packet limit.
    for (let i = 0; i < devices.length; i += REREAD_PER_PACKET)
      await this.rereadSome(devices.slice(i, i + REREAD_PER_PACKET));
  }

  private async rereadSome(devices: readonly DeviceKey[]): Promise<void> {
    const { client: clientOf, topics, clock, log } = this.deps;
    const client = clientOf();
    if (!client?.connected) return;
    const at = clock.now();
    const filters: string[] = [];
    for (const [tenant, hexacode] of devices) {
      this.asked.set(`${tenant}/${hexacode}`, at);
      filters.push(
        topics.status(tenant, hexacode),
        `${topics.device(tenant, hexacode)}/departments/+/status`,
      );
    }
    try {
      // The broker sends the retained copies after its SUBACK, whether or not the subscription is still there;
      // the wildcard subscription carries on meanwhile, so live messages are not missed.
      await client.subscribeAsync(filters, { qos: 1 });
      await client.unsubscribeAsync(filters);
    } catch (error) {
      log.warn({ err: error, devices: devices.length }, 'gateway: statuses not read again');
      return;
    }
    clock.setTimeout(() => this.verdict(devices, at), STATUS_REREAD_ANSWER_MS);
  }

  private verdict(devices: readonly DeviceKey[], at: number): void {
    for (const [tenant, hexacode] of devices) {
      const key = `${tenant}/${hexacode}`;
      if (this.asked.get(key) !== at) continue; // answered, or asked again since
      this.asked.delete(key);
      if (!this.deps.cache.get(tenant, hexacode)?.online || !this.deps.isSilent(tenant, hexacode)) continue;
      this.deps.log.warn({ tenant, hexacode }, 'gateway: silent device has no status on the broker: offline');
      this.deps.takeOffline(tenant, hexacode);
    }
  }
}
