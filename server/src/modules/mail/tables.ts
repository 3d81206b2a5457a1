import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sequentialId } from '../../db/columns';
import { pushSubscriptions } from '../push/tables';
import { tenantId } from '../tenancy/tables';

export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Alarm e-mails and pushes waiting to be sent (modules/mail/outbox.ts). A sender claims due rows for a while (so
 * one instance sends each), deletes a row once delivered, and on failure sets the next attempt further away.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /** The push's browser: a subscription removed takes its waiting pushes with it. */
    pushSubscriptionId: uuid('push_subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    /** The rendered message: a MailMessage or a PushPayload. */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Set while an instance sends it; a crashed sender's claim runs out and another instance retries. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Refused for good (e.g. SMTP 5xx): kept for the record, not retried. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.failedAt} IS NULL`),
  ],
);
export type NotificationOutboxRow = typeof notificationOutbox.$inferSelect;
