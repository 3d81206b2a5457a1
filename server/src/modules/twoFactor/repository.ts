import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** Every query names its tenant: a user of one tenant is never read or changed through another's host. */
export function createTwoFactorRepository(db: Database) {
  const ofUser = (tenantId: string, userId: string) =>
    and(eq(users.tenantId, tenantId), eq(users.id, userId));
  return {
    /** A new setup replaces any earlier unconfirmed one; the confirmed secret stays until a code confirms this. */
    async savePendingSecret(tenantId: string, userId: string, secret: string): Promise<void> {
      await db.update(users).set({ mfaPendingSecret: secret }).where(ofUser(tenantId, userId));
    },

    async pendingSecret(tenantId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ secret: users.mfaPendingSecret })
        .from(users)
        .where(ofUser(tenantId, userId))
        .limit(1);
      return row?.secret ?? null;
    },

    /**
     * Makes `secret` the confirmed one, turns two-factor on with `email` linked, and records `step` as the last
     * code used, unless the secret is no longer pending or that step (or a later one) was already used: true
     * when it did. One statement, so the same code cannot confirm a setup and then sign in, nor two requests
     * both succeed.
     */
    async confirm(
      tenantId: string,
      userId: string,
      { secret, step, email }: { secret: string; step: number; email: string },
    ): Promise<boolean> {
      const confirmed = await db
        .update(users)
        .set({ mfaSecret: secret, mfaPendingSecret: null, mfaLastStep: step, mfaEnabled: true, email })
        .where(
          and(
            ofUser(tenantId, userId),
            eq(users.mfaPendingSecret, secret),
            or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step)),
          ),
        )
        .returning({ id: users.id });
      return confirmed.length > 0;
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
