import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountSettingsUpdate, ColorSet, GrantLevel } from '../../../src/services/contracts';

/** What a tenant stores of its theme; GET /api/themes turns the assets into URLs. */
export interface StoredTheme {
  colors: { dark: ColorSet; light: ColorSet };
  /** Colour of the browser chrome for the installed app (manifest theme_color). */
  themeColor: string;
  backgroundColor: string;
  loginLogoSvg: string;
  sidebarLogoSvg: string;
  faviconSvg: string;
}

/** A grant as stored on the user; the session adds the tenant name as its domain. */
export interface StoredAuthority {
  authority: string;
  type: GrantLevel;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  theme: jsonb('theme').$type<StoredTheme>().notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    username: text('username').notNull(),
    /** scrypt$N$r$p$salt$hash (see modules/auth/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    languageCode: text('language_code').notNull().default('EN'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    authorities: jsonb('authorities').$type<StoredAuthority[]>().notNull().default([]),
    /** Only what the user changed; reads merge it over DEFAULT_ACCOUNT_SETTINGS so new defaults reach everyone. */
    settings: jsonb('settings').$type<AccountSettingsUpdate>().notNull().default({}),
    createdAt: createdAt(),
  },
  // Sign-in ignores the case of the username, so uniqueness must too.
  (t) => [uniqueIndex('users_tenant_username_idx').on(t.tenantId, sql`lower(${t.username})`)],
);

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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    /** Lower-cased; also recorded for unknown usernames so lockout does not reveal which names exist. */
    username: text('username').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_attempts_user_time_idx').on(t.tenantId, t.username, t.attemptedAt)],
);

export type Tenant = typeof tenants.$inferSelect;
export type User = typeof users.$inferSelect;
