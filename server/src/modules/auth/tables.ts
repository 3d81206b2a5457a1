import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, sequentialId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';
import { users } from '../users/tables';

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 (hex) of the bearer token: a database leak gives no usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator acting as userId, for "switch back"; null for an ordinary sign-in. */
    sourceUserId: uuid('source_user_id').references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins, kept in the database so every server instance enforces the same lockout. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: sequentialId(),
    tenantId: tenantId(),
    /** Lower-cased; also recorded for unknown usernames so lockout does not reveal which names exist. */
    username: text('username').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_user_time_idx').on(t.tenantId, t.username, t.attemptedAt)],
);

/**
 * Attempts from one client address that may be guessing (modules/auth/throttle.ts): failed sign-ins and codes, and
 * recovery requests. Not a tenant's data: one address sprays the usernames of every tenant alike.
 */
export const addressAttempts = pgTable(
  'address_attempts',
  {
    id: sequentialId(),
    /** The client's address as Fastify sees it (TRUST_PROXY), IPv6 cut to its /64 (addressKey). */
    address: text('address').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('address_attempts_address_time_idx').on(t.address, t.attemptedAt),
    // Attempts of every address are forgotten once out of the window (a botnet's addresses never come back).
    index('address_attempts_time_idx').on(t.attemptedAt),
  ],
);
