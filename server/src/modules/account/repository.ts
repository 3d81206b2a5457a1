import { and, eq, sql } from 'drizzle-orm';
import type { AccountSettingsUpdate } from '#contracts';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export interface StoredAccount {
  settings: AccountSettingsUpdate;
  email: string | null;
  /** Two-factor is on once its setup is completed (the settings show it as use2FA). */
  mfaEnabled: boolean;
  /** A two-factor setup was completed: a code of the user's secret was verified. */
  mfaConfirmed: boolean;
}

export function createAccountRepository(db: Database) {
  const ofUser = (tenantId: string, userId: string) =>
    and(eq(users.tenantId, tenantId), eq(users.id, userId));
  return {
    async find(tenantId: string, userId: string): Promise<StoredAccount | undefined> {
      const [row] = await db
        .select({
          settings: users.settings,
          email: users.email,
          mfaEnabled: users.mfaEnabled,
          mfaConfirmed: sql<boolean>`${users.mfaSecret} is not null`,
        })
        .from(users)
        .where(ofUser(tenantId, userId))
        .limit(1);
      return row;
    },

    async save(
      tenantId: string,
      userId: string,
      values: Omit<StoredAccount, 'mfaEnabled' | 'mfaConfirmed'> & {
        languageCode: string;
        /** On only after a completed setup; off forgets the secrets (twoFactor/use2FA.ts). */
        mfaEnabled?: boolean;
        mfaSecret?: null;
        mfaPendingSecret?: null;
      },
    ): Promise<void> {
      await db.update(users).set(values).where(ofUser(tenantId, userId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
