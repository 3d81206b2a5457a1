import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, randomId } from '../../db/columns';
import { sessions } from '../auth/tables';
import { tenantId } from '../tenancy/tables';
import { userId } from '../users/tables';

/** A browser's web-push subscription (SPEC §3 Push subscription): one row per endpoint, i.e. per browser. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: randomId(),
    tenantId: tenantId(),
    userId: userId(),
    /**
     * The session that subscribed (metadata.vapidSubscription of that session). The subscription goes with it: a
     * shared store browser stops showing a user's alarms once they sign out; the next user's session takes the
     * browser's subscription over when the app starts.
     */
    sessionTokenHash: text('session_token_hash').references(() => sessions.tokenHash, {
      onDelete: 'cascade',
    }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.tenantId, t.userId),
    index('push_subscriptions_session_idx').on(t.sessionTokenHash),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The server's VAPID key pair, made by the first instance that starts (one row, id 1). */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  /** base64url, as browsers take it for applicationServerKey. */
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});
