import { and, eq } from 'drizzle-orm';
import type { AccountSettingsUpdate } from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export interface StoredAccount {
  settings: AccountSettingsUpdate;
  email: string | null;
}

export function createAccountRepository(db: Database) {
  const ofUser = (tenantId: string, userId: string) =>
    and(eq(users.tenantId, tenantId), eq(users.id, userId));
  return {
    async find(tenantId: string, userId: string): Promise<StoredAccount | undefined> {
      const [row] = await db
        .select({ settings: users.settings, email: users.email })
        .from(users)
        .where(ofUser(tenantId, userId))
        .limit(1);
      return row;
    },

    async save(
      tenantId: string,
      userId: string,
      values: StoredAccount & { languageCode: string },
    ): Promise<void> {
      await db.update(users).set(values).where(ofUser(tenantId, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
