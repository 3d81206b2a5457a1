import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import type { Database } from '../db/client';
import { loadAdfs } from '../gateway/adf/loader';
import { registerDevice, registerVirtualDevice } from '../modules/devices/registration';
import { demoFleet } from '../simulator/fleet';
import { devices, tenants, users, type StoredTheme } from '../db/schema';
import { seedDemoDashboards } from './dashboards';
import { seedDemoBuffers } from './history';
import { acmeTheme, coldwatchTheme } from './themes';
import { demoUsers } from './users';

export const DEMO_TENANTS: { name: string; title: string; theme: StoredTheme }[] = [
  { name: 'demo', title: 'Coldwatch Demo', theme: coldwatchTheme },
  { name: 'acme', title: 'ACME Retail', theme: acmeTheme },
];

/** Names the advisory lock that keeps two instances from seeding the same empty database. */
const SEED_LOCK_ID = 727_002;

export interface SeedOptions {
  /** The demo users' starting dashboards and the buffers their history widgets read; on by default. */
  dashboards?: boolean;
  /** The moment the demo starts from (its buffers begin DEMO_HISTORY.days before). */
  now?: number;
}

/**
 * Fills an empty database with the demo tenants and users, their fleet and, when the users were just made, their
 * starting dashboards; returns false when there was data already. A demo database made before devices existed gets
 * the fleet on its next start.
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const seeded = await seedTenantsAndUsers(db);
  await seedDemoDevices(db);
  if (seeded && options.dashboards !== false) {
    const adfs = await loadAdfs();
    const now = options.now ?? Date.now();
    await seedDemoBuffers(db, adfs, now);
    await seedDemoDashboards(db, adfs, now);
  }
  return seeded;
}

/**
 * Registers the demo fleet (server/src/simulator/fleet.ts) with its business groups and virtual devices, with the
 * derived demo credentials the simulator uses, in the demo tenants that exist, when no device is registered at all.
 */
async function seedDemoDevices(db: Database): Promise<boolean> {
  if ((await db.select({ id: devices.id }).from(devices).limit(1)).length > 0) return false;
  const adfs = await loadAdfs();
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if ((await tx.select({ id: devices.id }).from(devices).limit(1)).length > 0) return false;
    const present = new Set((await tx.select({ name: tenants.name }).from(tenants)).map((t) => t.name));
    for (const device of demoFleet.devices) {
      if (!present.has(device.tenant)) continue;
      await registerDevice(tx, adfs, {
        tenant: device.tenant,
        model: device.model,
        hexacode: device.hexacode,
        name: device.name,
        group: device.businessGroup,
        credential: device.credential,
      });
    }
    for (const virtual of demoFleet.virtualDevices) {
      if (!present.has(virtual.tenant)) continue;
      await registerVirtualDevice(tx, {
        tenant: virtual.tenant,
        definition: virtual.definition,
        group: virtual.businessGroup,
      });
    }
    return true;
  });
}

async function seedTenantsAndUsers(db: Database): Promise<boolean> {
  // Checked before hashing too, so a restart on a seeded database skips the (deliberately slow) scrypt work.
  if (!(await isEmpty(db))) return false;
  const prepared = await Promise.all(
    DEMO_TENANTS.map(async (tenant) => ({
      tenant,
      users: await Promise.all(
        demoUsers(tenant.name).map(async (user) => ({
          ...user,
          passwordHash: await hashPassword(user.password),
        })),
      ),
    })),
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await isEmpty(tx))) return false;
    for (const { tenant, users: tenantUsers } of prepared) {
      const [row] = await tx.insert(tenants).values(tenant).returning({ id: tenants.id });
      await tx.insert(users).values(
        tenantUsers.map((user) => ({
          tenantId: row!.id,
          username: user.username,
          passwordHash: user.passwordHash,
          email: user.email,
          mfaEnabled: user.mfaSecret !== null,
          mfaSecret: user.mfaSecret,
          authorities: user.authorities,
        })),
      );
    }
    return true;
  });
}

async function isEmpty(db: Pick<Database, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: tenants.id }).from(tenants).limit(1);
  return rows.length === 0;
}
