import { sql } from 'drizzle-orm';
import { bigint, boolean, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AccountSettingsUpdate, GrantLevel } from '#contracts';
import { createdAt, randomId } from '../../db/columns';
import { tenantId } from '../tenancy/tables';

/** A grant as stored on the user; the session adds the tenant name as its domain. */
export interface StoredAuthority {
  authority: string;
  type: GrantLevel;
}

export const users = pgTable(
  'users',
  {
    id: randomId(),
    tenantId: tenantId(),
    username: text('username').notNull(),
    /** scrypt$N$r$p$salt$hash (see modules/auth/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    languageCode: text('language_code').notNull().default('EN'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The confirmed TOTP secret: a code of it was verified. Sign-in asks for codes only while mfaEnabled. */
    mfaSecret: text('mfa_secret'),
    /** A secret handed out by a two-factor setup that has not been confirmed with a code yet. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The 30-second TOTP step of the last code that signed in: a code is accepted once, never again. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    authorities: jsonb('authorities').$type<StoredAuthority[]>().notNull().default([]),
    /** Only what the user changed; reads merge it over DEFAULT_ACCOUNT_SETTINGS so new defaults reach everyone. */
    settings: jsonb('settings').$type<AccountSettingsUpdate>().notNull().default({}),
    /** Set by an administrator (modules/users): the user cannot sign in and has no session. */
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  // Sign-in ignores the case of the username, so uniqueness must too.
  (t) => [uniqueIndex('users_tenant_username_idx').on(t.tenantId, sql`lower(${t.username})`)],
);

/** The owner of a user's own row, which goes with the user. */
export const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type User = typeof users.$inferSelect;
