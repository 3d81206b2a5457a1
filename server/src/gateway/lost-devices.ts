import { DEVICE_LOST_CODE } from '#contracts/alarms';
import type { GatewayClock } from './clock';
import type { GatewayEvent } from './events';
import type { GatewayLogger } from './logger';
import { DEVICE_LOST_AFTER_MS } from './protocol';

/** A status message heard: what the lost-device watch needs. */
export interface PresenceHeard {
  online: boolean;
  wasOnline: boolean;
  /** Online, and never heard online by this instance before (a server start, or back after being offline). */
  firstOnline: boolean;
  ts?: number | undefined;
}

export interface LostDevicesHooks {
  emit(event: GatewayEvent): void;
  /** Marks the device lost or found in the cache (its status: OFF_ALARM while lost). */
  setLost(tenant: string, hexacode: string, lost: boolean): void;
}

interface Watch {
  /** When the device went offline (the server's time, or the retained status's own). */
  since: number;
  timer?: unknown;
  lost: boolean;
}

/**
 * The server's own alarm DEVICE_LOST (docs/device-protocol.md, "Lost devices"): a device heard offline (its last
 * will, an offline status, or the retained offline status a starting server reads) that stays offline for
 * DEVICE_LOST_AFTER_MS is lost; it is found when heard online again. Every instance decides this on its own from the
 * same broker messages and announces it; the alarms store keeps each change once.
 */
export class LostDevices {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly clock: GatewayClock,
    private readonly hooks: LostDevicesHooks,
    private readonly log: GatewayLogger,
    private readonly afterMs = DEVICE_LOST_AFTER_MS,
  ) {}

  presenceHeard(tenant: string, hexacode: string, heard: PresenceHeard): void {
    const key = `${tenant}/${hexacode}`;
    const watch = this.watches.get(key);
    if (heard.online) {
      if (watch?.timer !== undefined) this.clock.clearTimeout(watch.timer);
      this.watches.delete(key);
      // Found: after being lost, or heard online for the first time (a store may hold DEVICE_LOST from before a
      // restart; clearing an alarm that is not active changes nothing there).
      if (watch?.lost || heard.firstOnline) this.announce(tenant, hexacode, false, this.clock.now());
      return;
    }
    if (watch) return; // already counting, or lost
    const now = this.clock.now();
    const since = heard.wasOnline ? now : Math.min(now, heard.ts ?? now);
    const next: Watch = { since, lost: false };
    next.timer = this.clock.setTimeout(() => {
      next.timer = undefined;
      next.lost = true;
      this.log.warn({ tenant, hexacode, since: new Date(since).toISOString() }, 'gateway: device lost');
      this.announce(tenant, hexacode, true, since);
    }, this.afterMs);
    this.watches.set(key, next);
  }

  isLost(tenant: string, hexacode: string): boolean {
    return this.watches.get(`${tenant}/${hexacode}`)?.lost ?? false;
  }

  /** A deleted device: stop watching it, announce nothing. */
  forget(tenant: string, hexacode: string): void {
    const watch = this.watches.get(`${tenant}/${hexacode}`);
    if (watch?.timer !== undefined) this.clock.clearTimeout(watch.timer);
    this.watches.delete(`${tenant}/${hexacode}`);
  }

  stop(): void {
    for (const watch of this.watches.values())
      if (watch.timer !== undefined) this.clock.clearTimeout(watch.timer);
    this.watches.clear();
  }

  private announce(tenant: string, hexacode: string, raised: boolean, at: number): void {
    this.hooks.setLost(tenant, hexacode, raised);
    this.hooks.emit({
      type: 'AlarmChanged',
      tenant,
      hexacode,
      department: 0,
      subDepartment: 0,
      code: DEVICE_LOST_CODE,
      raised,
      at,
    });
  }
}
