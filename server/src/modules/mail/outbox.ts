import { asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { dueUnclaimedIds, leaseEnd } from '../../db/claims';
import type { Database } from '../../db/client';
import { notificationOutbox, type NotificationChannel, type NotificationOutboxRow } from '../../db/schema';

export interface OutboxEntry {
  tenantId: string;
  channel: NotificationChannel;
  message: Record<string, unknown>;
  pushSubscriptionId?: string | null;
}

export type OutboxItem = Pick<
  NotificationOutboxRow,
  'id' | 'tenantId' | 'channel' | 'message' | 'pushSubscriptionId' | 'attempts' | 'createdAt'
>;

/**
 * The durable queue of alarm e-mails and pushes, shared by every instance through the database. A row is claimed
 * for `leaseMs` by one sender (FOR UPDATE SKIP LOCKED: a second instance skips it instead of waiting) and deleted
 * once delivered; a sender that dies mid-send lets its claim run out and another instance sends it again.
 */
export function createOutbox(db: Database, clock: Clock) {
  const columns = {
    id: notificationOutbox.id,
    tenantId: notificationOutbox.tenantId,
    channel: notificationOutbox.channel,
    message: notificationOutbox.message,
    pushSubscriptionId: notificationOutbox.pushSubscriptionId,
    attempts: notificationOutbox.attempts,
    createdAt: notificationOutbox.createdAt,
  };
  return {
    /** Queues `entries`; with `tx`, as part of that transaction (the alarm that causes them). */
    async enqueue(entries: readonly OutboxEntry[], tx: Database = db): Promise<void> {
      if (entries.length === 0) return;
      const now = clock.now();
      await tx.insert(notificationOutbox).values(
        entries.map((entry) => ({
          tenantId: entry.tenantId,
          channel: entry.channel,
          message: entry.message,
          pushSubscriptionId: entry.pushSubscriptionId ?? null,
          nextAttemptAt: now,
          createdAt: now,
        })),
      );
    },

    /** Up to `limit` due rows of `channel`, oldest first, now claimed by the caller (attempts counted). */
    async claim(channel: NotificationChannel, limit: number, leaseMs: number): Promise<OutboxItem[]> {
      const now = clock.now();
      const due = dueUnclaimedIds(db, notificationOutbox, {
        due: [
          eq(notificationOutbox.channel, channel),
          isNull(notificationOutbox.failedAt),
          lte(notificationOutbox.nextAttemptAt, now),
        ],
        order: notificationOutbox.id,
        limit,
        now,
      });
      const claimed = await db
        .update(notificationOutbox)
        .set({
          claimedUntil: leaseEnd(now, leaseMs),
          attempts: sql`${notificationOutbox.attempts} + 1`,
        })
        .where(inArray(notificationOutbox.id, due))
        .returning(columns);
      return claimed.sort((a, b) => a.id - b.id);
    },

    async delivered(id: number): Promise<void> {
      await db.delete(notificationOutbox).where(eq(notificationOutbox.id, id));
    },

    async retryAt(id: number, at: Date, error: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ nextAttemptAt: at, claimedUntil: null, lastError: error })
        .where(eq(notificationOutbox.id, id));
    },

    /** Given up: kept with its reason, never sent. */
    async failed(id: number, error: string): Promise<void> {
      await db
        .update(notificationOutbox)
        .set({ failedAt: clock.now(), claimedUntil: null, lastError: error })
        .where(eq(notificationOutbox.id, id));
    },

    /** Rows not yet delivered (tests, diagnostics). */
    async waiting(channel: NotificationChannel) {
      return db
        .select()
        .from(notificationOutbox)
        .where(eq(notificationOutbox.channel, channel))
        .orderBy(asc(notificationOutbox.id));
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
