import { and, eq, sql } from 'drizzle-orm';
import type { PushSubscription } from '#contracts';
import type { Database } from '../../db/client';
import { pushSubscriptions, users } from '../../db/schema';

export interface StoredSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const subscriptionColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

const asPushSubscription = (row: StoredSubscription): PushSubscription => ({
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
});

/** Tenant- and user-scoped queries of push subscriptions. */
export function createPushRepository(db: Database) {
  return {
    /**
     * Keeps the browser's subscription for this user and session; false when the endpoint is another's and stays
     * so. One row per endpoint (one per browser): a subscription never moves to another tenant, and moves to
     * another user of its tenant only when the request brings the same keys, proving it comes from that browser
     * subscription (a shared store browser where someone else signed in). One statement, so parallel requests
     * cannot slip between a check and the write.
     */
    async save(
      who: { tenantId: string; userId: string; tokenHash: string },
      subscription: PushSubscription,
    ): Promise<boolean> {
      const values = {
        tenantId: who.tenantId,
        userId: who.userId,
        sessionTokenHash: who.tokenHash,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      };
      const stored = await db
        .insert(pushSubscriptions)
        .values({ ...values, endpoint: subscription.endpoint })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { ...values, updatedAt: sql`now()` },
          setWhere: sql`${pushSubscriptions.tenantId} = excluded.tenant_id AND (${pushSubscriptions.userId} = excluded.user_id OR (${pushSubscriptions.p256dh} = excluded.p256dh AND ${pushSubscriptions.auth} = excluded.auth))`,
        })
        .returning({ id: pushSubscriptions.id });
      return stored.length > 0;
    },

    /** The subscription this session made (metadata.vapidSubscription), or null. */
    async ofSession(tenantId: string, tokenHash: string): Promise<PushSubscription | null> {
      const [row] = await db
        .select(subscriptionColumns)
        .from(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.sessionTokenHash, tokenHash)),
        )
        .orderBy(sql`${pushSubscriptions.updatedAt} DESC`)
        .limit(1);
      return row ? asPushSubscription(row) : null;
    },

    async ofUser(tenantId: string, userId: string): Promise<StoredSubscription[]> {
      return db
        .select(subscriptionColumns)
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)));
    },

    async byId(id: string): Promise<StoredSubscription | undefined> {
      const [row] = await db
        .select(subscriptionColumns)
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, id));
      return row;
    },

    /** Removes the user's subscription of `endpoint`, or without it those this session made; how many went. */
    async remove(
      who: { tenantId: string; userId: string; tokenHash: string },
      endpoint: string | undefined,
    ): Promise<number> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.tenantId, who.tenantId),
            eq(pushSubscriptions.userId, who.userId),
            endpoint === undefined
              ? eq(pushSubscriptions.sessionTokenHash, who.tokenHash)
              : eq(pushSubscriptions.endpoint, endpoint),
          ),
        )
        .returning({ id: pushSubscriptions.id });
      return removed.length;
    },

    /** The push service said the subscription is gone (404/410). */
    async removeGone(id: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    /** Every subscription of the tenant, with what decides who gets an alarm and in which language. */
    async ofTenant(tenantId: string) {
      return db
        .select({
          ...subscriptionColumns,
          userId: users.id,
          authorities: users.authorities,
          languageCode: users.languageCode,
          settings: users.settings,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .where(eq(pushSubscriptions.tenantId, tenantId));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
