import { and, eq } from 'drizzle-orm';
import type { DeviceCredentials } from '../../gateway/credentials';
import type { DeviceDirectory, DeviceRecord } from '../../gateway/directory';
import type { Database } from '../../db/client';
import { devices, tenants } from '../../db/schema';

/**
 * A small time-bounded cache. Every instance keeps its own; a change made through another instance is seen at
 * the latest after the TTL, which is what makes it safe with several instances (nothing is authoritative here).
 * Misses are cached for a shorter time so a newly registered device connects within seconds everywhere, while a
 * device hammering the broker with a wrong identity does not cost a query per attempt.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V | undefined; until: number }>();
  private readonly loading = new Map<string, Promise<V | undefined>>();

  constructor(
    private readonly hitTtlMs: number,
    private readonly missTtlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.until > this.now()) return entry.value;
    const running = this.loading.get(key);
    if (running) return running; // one query for a burst of lookups (a site reconnecting at once)
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if (this.entries.size >= this.maxEntries) this.entries.clear();
        this.entries.set(key, {
          value,
          until: this.now() + (value === undefined ? this.missTtlMs : this.hitTtlMs),
        });
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Synchronous read of a fresh entry (hot paths that must not wait). */
  peek(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > this.now() ? entry.value : undefined;
  }

  invalidate(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

export const CACHE_TTL_MS = 30_000;
export const MISS_TTL_MS = 5_000;

interface Row {
  hexacode: string;
  name: string;
  model: string;
  type: string;
  credentialHash: string | null;
}

/**
 * The devices table as the broker (credentials) and the gateway (directory) see it, keyed by tenant *name* (the
 * MQTT topics carry names). One cached row serves both.
 */
export class DatabaseDeviceRegistry implements DeviceCredentials, DeviceDirectory {
  private readonly cache: TtlCache<Row>;

  constructor(
    private readonly db: Database,
    options: { ttlMs?: number; missTtlMs?: number; now?: () => number } = {},
  ) {
    this.cache = new TtlCache(options.ttlMs ?? CACHE_TTL_MS, options.missTtlMs ?? MISS_TTL_MS, options.now);
  }

  private row(tenant: string, hexacode: string): Promise<Row | undefined> {
    return this.cache.get(`${tenant}/${hexacode}`, async () => {
      const [row] = await this.db
        .select({
          hexacode: devices.hexacode,
          name: devices.name,
          model: devices.model,
          type: devices.type,
          credentialHash: devices.credentialHash,
        })
        .from(devices)
        .innerJoin(tenants, eq(tenants.id, devices.tenantId))
        .where(and(eq(tenants.name, tenant), eq(devices.hexacode, hexacode)))
        .limit(1);
      return row;
    });
  }

  async lookup(tenant: string, hexacode: string): Promise<string | undefined> {
    const row = await this.row(tenant, hexacode);
    return row?.type === 'REAL_DEVICE' ? (row.credentialHash ?? undefined) : undefined;
  }

  async find(tenant: string, hexacode: string): Promise<DeviceRecord | undefined> {
    const row = await this.row(tenant, hexacode);
    if (!row || row.type !== 'REAL_DEVICE') return undefined;
    return { tenant, hexacode: row.hexacode, name: row.name, model: row.model };
  }

  /** The model of a device when it is cached (the live socket translates values without waiting). */
  peekModel(tenant: string, hexacode: string): string | undefined {
    return this.cache.peek(`${tenant}/${hexacode}`)?.model;
  }

  /** After a registration on this instance: seen here at once, elsewhere within the miss TTL. */
  invalidate(tenant: string, hexacode: string): void {
    this.cache.invalidate(`${tenant}/${hexacode}`);
  }
}
