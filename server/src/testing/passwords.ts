import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants, users } from '../db/schema';
import { hashPassword, type ScryptCost } from '../modules/auth/passwords';
import { DEMO_TENANTS } from '../seed';
import { demoUsers } from '../seed/users';

/**
 * The scrypt cost of the passwords the tests' fixtures store. The suite signs in well over a thousand times; at
 * the product's cost (N = 2^15, about 65 ms of CPU on the CI kind of machine) that is minutes of the two cores.
 * The cost travels in each hash, so a sign-in still runs the product's verifyPassword on it, 1/32 of the work.
 * Hashes the product makes itself (a reset, a new user, the unknown user's decoy) keep the product's cost.
 */
const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** `password` hashed as the fixtures store it. */
export const testPasswordHash = (password: string) => hashPassword(password, TEST_PASSWORD_COST);

/** The demo users of a seeded database, given their passwords again at the tests' cost. */
export async function cheapenDemoPasswords(db: Database): Promise<void> {
  for (const tenant of DEMO_TENANTS) {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenant.name));
    if (!row) continue;
    for (const user of demoUsers(tenant.name))
      await db
        .update(users)
        .set({ passwordHash: await testPasswordHash(user.password) })
        .where(and(eq(users.tenantId, row.id), eq(users.username, user.username)));
  }
}
