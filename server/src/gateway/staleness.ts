import { type AdfRegistry, departmentKey } from './adf/loader';
import { DEFAULT_STALE_AFTER_SECONDS } from './adf/schema';
import type { DepartmentAddress } from './addresses';
import { type GatewayClock, Repeating } from './clock';
import type { CachedDevice, DeviceCache } from './device-cache';
import type { DeviceDirectory } from './directory';
import type { GatewayEvent } from './events';
import type { GatewayLogger } from './logger';
import { STALENESS_SWEEP_MS } from './protocol';

/** When a department last reported (the device's `ts`, never ahead of the server), and whether that is too long ago. */
export interface Freshness {
  /** ms since the epoch; null when the department has not reported values. */
  reportedAt: number | null;
  /** Older than the model's stale period while the device is online (an offline device is offline, not stale). */
  stale: boolean;
}

export interface StalenessHooks {
  emit(event: GatewayEvent): void;
  /** A device online turned silent (or spoke again): the status re-reads check whether it is still there. */
  silenceChanged(tenant: string, hexacode: string, silent: boolean): void;
}

const NEVER: Freshness = { reportedAt: null, stale: false };

/** The freshness of values computed from several departments: the oldest report, stale when one is. */
export function oldestOf(all: readonly Freshness[]): Freshness {
  const reported = all.flatMap((f) => (f.reportedAt === null ? [] : [f.reportedAt]));
  return {
    reportedAt: reported.length > 0 ? Math.min(...reported) : null,
    stale: all.some((f) => f.stale),
  };
}

/**
 * Decides what is stale, on the server's clock, so that every browser and every instance say the same: a
 * department's values older than its model's `staleAfterSeconds`, and a device online that has reported nothing
 * for that long (silent, which the tree marks apart from offline). A sweep announces each device that turns
 * silent or speaks again; page freshness is read on demand (the realtime hub pushes it).
 */
export class Staleness {
  private readonly periods = new Map<string, number>();
  private readonly sweeps: Repeating;

  constructor(
    private readonly deps: {
      cache: DeviceCache;
      directory: DeviceDirectory;
      adfs: AdfRegistry;
      clock: GatewayClock;
      log: GatewayLogger;
    },
    private readonly hooks: StalenessHooks,
  ) {
    this.sweeps = new Repeating(deps.clock, STALENESS_SWEEP_MS, () => this.sweep());
  }

  start(): void {
    this.sweeps.start();
  }

  stop(): void {
    this.sweeps.stop();
  }

  /** How long after its last report a device's values are stale (its model's ADF; a minute until known). */
  periodOf(tenant: string, hexacode: string): number {
    const key = `${tenant}/${hexacode}`;
    const known = this.periods.get(key);
    if (known !== undefined) return known;
    this.periods.set(key, DEFAULT_STALE_AFTER_SECONDS * 1000);
    this.deps.directory.find(tenant, hexacode).then(
      (record) => {
        const adf = record ? this.deps.adfs.get(record.model) : undefined;
        if (adf) this.periods.set(key, adf.staleAfterMs);
      },
      (error: unknown) => {
        this.periods.delete(key);
        this.deps.log.warn({ err: error, tenant, hexacode }, 'gateway: stale period not read');
      },
    );
    return DEFAULT_STALE_AFTER_SECONDS * 1000;
  }

  /** A deleted device: its model may come back as another. */
  forget(tenant: string, hexacode: string): void {
    this.periods.delete(`${tenant}/${hexacode}`);
  }

  freshness({ tenant, hexacode, department, subDepartment }: DepartmentAddress): Freshness {
    const device = this.deps.cache.get(tenant, hexacode);
    const reportedAt = device?.byDepartment.get(departmentKey(department, subDepartment))?.reportedAt;
    if (!device || reportedAt === undefined) return NEVER;
    const stale = device.online && this.deps.clock.now() - reportedAt > this.periodOf(tenant, hexacode);
    return { reportedAt, stale };
  }

  /** Whether a device online has reported nothing for its stale period. */
  isSilent(tenant: string, hexacode: string): boolean {
    return this.deps.cache.get(tenant, hexacode)?.silent ?? false;
  }

  /** The last report of a device: its newest department values, or its coming online when later. */
  lastReport(device: CachedDevice): number | null {
    let last = device.onlineSince ?? null;
    for (const dep of device.byDepartment.values())
      if (dep.reportedAt !== undefined && (last === null || dep.reportedAt > last)) last = dep.reportedAt;
    return last;
  }

  /** Announces every device whose silence changed since the last sweep. */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const [tenant, hexacode, device] of this.deps.cache.entries()) {
      const last = this.lastReport(device);
      const silent = device.online && last !== null && now - last > this.periodOf(tenant, hexacode);
      this.setSilent(tenant, hexacode, device, silent, last);
    }
  }

  /** A device reported, came online or went offline: it is not silent any more (announced at once). */
  heard(tenant: string, hexacode: string): void {
    this.periodOf(tenant, hexacode); // read its model's period before anyone asks
    const device = this.deps.cache.get(tenant, hexacode);
    if (device?.silent) this.setSilent(tenant, hexacode, device, false, this.lastReport(device));
  }

  private setSilent(
    tenant: string,
    hexacode: string,
    device: CachedDevice,
    silent: boolean,
    reportedAt: number | null,
  ): void {
    if (device.silent === silent) return;
    device.silent = silent;
    if (silent) this.deps.log.info({ tenant, hexacode }, 'gateway: device online but silent');
    this.hooks.emit({ type: 'DeviceSilence', tenant, hexacode, silent, reportedAt });
    this.hooks.silenceChanged(tenant, hexacode, silent);
  }
}
