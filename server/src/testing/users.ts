import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants, users, type StoredAuthority } from '../db/schema';
import { testPasswordHash } from './passwords';

/** A user a suite adds beside the demo users: its grants, and `tenant` demo unless said. */
export interface TestUser {
  username: string;
  password: string;
  authorities: StoredAuthority[];
  tenant?: string;
  email?: string;
  languageCode?: string;
}

/** Adds `user` to its tenant, with its password hashed as sign-in expects (at the tests' cost). */
export async function insertUser(
  db: Database,
  { tenant = 'demo', password, ...user }: TestUser,
): Promise<void> {
  const [row] = await db.select().from(tenants).where(eq(tenants.name, tenant));
  await db
    .insert(users)
    .values({ tenantId: row!.id, passwordHash: await testPasswordHash(password), ...user });
}

/** The row of `username` in `tenant` (demo unless said): a username alone names a user in each tenant. */
export async function userOf(db: Database, username: string, tenant = 'demo') {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(tenants.name, tenant), eq(users.username, username)));
  return row!.user;
}

/** The id of `username` in `tenant`. */
export async function userIdOf(db: Database, username: string, tenant = 'demo'): Promise<string> {
  return (await userOf(db, username, tenant)).id;
}
