import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tenants, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

/**
 * Adds a user of `tenant` who may read devices (DEVICES at READ) and reads the product in `languageCode`: the
 * reader of the tests that check what the server answers in a user's language.
 */
export async function insertReader(
  db: Database,
  reader: { username: string; password: string; languageCode: string; tenant?: string },
): Promise<void> {
  const [tenant] = await db
    .select()
    .from(tenants)
    .where(eq(tenants.name, reader.tenant ?? 'demo'));
  await db.insert(users).values({
    tenantId: tenant!.id,
    username: reader.username,
    passwordHash: await hashPassword(reader.password),
    authorities: [{ authority: 'GRANT_DEVICES', type: 'READ' }],
    languageCode: reader.languageCode,
  });
}
