import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AccountSettingsUpdate,
  ColorSet,
  FoodSafetyClass,
  FoodSafetyLine,
  EscalationChannel,
  EscalationPolicy,
  EscalationTestRun,
  GrantLevel,
  ReportFrequency,
  SortSettings,
  SupportKind,
  Widget,
} from '#contracts';
import type { VirtualDeviceDefinition } from '../gateway/virtual';

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
  /** Where the tenant's bug reports and feature requests are mailed; null: SUPPORT_EMAIL (modules/support). */
  supportEmail: text('support_email'),
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

/**
 * Attempts from one client address that may be guessing (modules/auth/throttle.ts): failed sign-ins and codes, and
 * recovery requests. Not a tenant's data: one address sprays the usernames of every tenant alike.
 */
export const addressAttempts = pgTable(
  'address_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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

/** A site or store: a named group of devices of one tenant (the BUSINESS_GROUP of the tree). */
export const businessGroups = pgTable(
  'business_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Hexacode-like key the SPA shows and routes by (upper-case hex, unique per tenant). */
    hexacode: text('hexacode').notNull(),
    name: text('name').notNull(),
    networkNumber: integer('network_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_groups_tenant_hexacode_idx').on(t.tenantId, t.hexacode),
    uniqueIndex('business_groups_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

export const DEVICE_TYPES = ['REAL_DEVICE', 'VIRTUAL_DEVICE'] as const;
export type StoredDeviceType = (typeof DEVICE_TYPES)[number];

/** A registered device: a real controller (its model's ADF, its MQTT credential) or a virtual device. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Upper-case hex, 6–16 digits; the device's MQTT username is `<tenant>/<hexacode>`. */
    hexacode: text('hexacode').notNull(),
    /** ADF id (server/adf/<model>.json); 'VIRTUAL' for virtual devices. */
    model: text('model').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<StoredDeviceType>().notNull(),
    businessGroupId: uuid('business_group_id').references(() => businessGroups.id, { onDelete: 'set null' }),
    /** "sha256:<hex>" of the MQTT credential (see gateway/credentials.ts); null for virtual devices. */
    credentialHash: text('credential_hash'),
    /** The computed lines of a VIRTUAL_DEVICE. */
    virtualDefinition: jsonb('virtual_definition').$type<VirtualDeviceDefinition>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_tenant_hexacode_idx').on(t.tenantId, t.hexacode),
    index('devices_business_group_idx').on(t.businessGroupId),
  ],
);

/** A user's own names and order for the device tree (POST /api/v2/account/settings/devices). */
export const deviceConfigurations = pgTable('device_configurations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  settings: jsonb('settings').$type<SortSettings>().notNull(),
  /** Tree item key (device, business group or department key) → the user's label. */
  labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
  /** Device or business group key → position. */
  orders: jsonb('orders').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const userId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A user's folder of dashboards in the sidebar. */
export const dashboardGroups = pgTable(
  'dashboard_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: userId(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    expanded: boolean('expanded').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Group names are unique per user, ignoring case (the validate call says so before a save).
  (t) => [uniqueIndex('dashboard_groups_user_name_idx').on(t.tenantId, t.userId, sql`lower(${t.name})`)],
);

/** A personal dashboard; its widgets are one JSON document, validated with the contracts' widget registry. */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: userId(),
    name: text('name').notNull(),
    favorite: boolean('favorite').notNull().default(false),
    order: integer('order').notNull().default(0),
    groupId: uuid('group_id').references(() => dashboardGroups.id, { onDelete: 'set null' }),
    widgets: jsonb('widgets').$type<Widget[]>().notNull().default([]),
    breakpoint: text('breakpoint').notNull().default('lg'),
    /** Grows by one with every save: a save from an older copy is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dashboards_user_idx').on(t.tenantId, t.userId),
    index('dashboards_group_idx').on(t.groupId),
    // At most one favorite a user, whatever races between two tabs.
    uniqueIndex('dashboards_one_favorite_idx')
      .on(t.userId)
      .where(sql`${t.favorite}`),
  ],
);

export type DashboardRow = typeof dashboards.$inferSelect;
export type DashboardGroupRow = typeof dashboardGroups.$inferSelect;
export type Tenant = typeof tenants.$inferSelect;
export type BusinessGroupRow = typeof businessGroups.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type User = typeof users.$inferSelect;

/**
 * A buffer: one line of one device recorded for one PC number at a fixed interval from a start time (samples at
 * start + k × interval). Its samples live in the history tables (modules/history); a changed interval or start
 * keeps the id, and what was recorded before keeps the interval it was recorded at.
 */
export const buffers = pgTable(
  'buffers',
  {
    /** A small integer: every stored sample row carries it. */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    /** Upper-case, as devices.hexacode. */
    hexacode: text('hexacode').notNull(),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    page: integer('page').notNull(),
    line: integer('line').notNull(),
    pcNumber: integer('pc_number').notNull(),
    /** Seconds between samples. */
    intervalSeconds: integer('interval_seconds').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('buffers_line_pc_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.page,
      t.line,
      t.pcNumber,
    ),
  ],
);
export type BufferRow = typeof buffers.$inferSelect;

/** Bytes the history module packs itself (modules/history/packing.ts): float32 samples, hourly rollups. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Samples as recorded, one row each, until compaction packs them into chunks (a few minutes). The primary key is
 * what makes a sample recorded once when two instances hear the same message. No foreign key: inserts are the hot
 * path, and samples of a deleted buffer are dropped by compaction and retention.
 */
export const historyStaging = pgTable(
  'history_staging',
  {
    bufferId: integer('buffer_id').notNull(),
    /** The interval the sample was recorded at (the buffer's may change before compaction). */
    intervalSeconds: integer('interval_seconds').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    value: real('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.at] })],
);

/**
 * A packed run of samples of one buffer: float32 little-endian values, NaN for a gap, sample i at
 * firstAt + i × interval. One row covers a UTC day (intervals of a minute or more) or 1,440 samples.
 */
export const historyChunks = pgTable(
  'history_chunks',
  {
    bufferId: integer('buffer_id')
      .notNull()
      .references(() => buffers.id, { onDelete: 'cascade' }),
    intervalSeconds: integer('interval_seconds').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    samples: bytea('samples').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.firstAt, t.intervalSeconds] })],
);

/** Hourly count, min, max and mean of one buffer's samples over one UTC day, packed (24 × 14 bytes). */
export const historyRollups = pgTable(
  'history_rollups',
  {
    bufferId: integer('buffer_id')
      .notNull()
      .references(() => buffers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hours: bytea('hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bufferId, t.day] })],
);

/**
 * One alarm occurrence (issue 10): raised, maybe acknowledged, then cleared. Names are kept as they were at the
 * raise, so the history reads as it happened. The partial unique index keeps one open occurrence per alarm: when
 * every instance stores the same raise, one insert wins and only that instance tells the others.
 */
export const alarmOccurrences = pgTable(
  'alarm_occurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Upper-case, as devices.hexacode. No foreign key: the history outlives a deleted device. */
    hexacode: text('hexacode').notNull(),
    deviceName: text('device_name').notNull(),
    businessGroupName: text('business_group_name'),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    departmentName: text('department_name'),
    code: text('code').notNull(),
    /** The ADF's English name for the code, when the model names it. */
    adfName: text('adf_name'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    acknowledgedByUserId: uuid('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The username as it was when acknowledging (kept when the user is deleted). */
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    ackComment: text('ack_comment'),
    /**
     * Whether the bell, e-mail and push were told (issue 31): false while the occurrence is held back by its code's
     * delay or a defrost, and for good when it cleared while held (then it is a suppressed occurrence).
     */
    announced: boolean('announced').notNull().default(true),
    /** When a held occurrence still open is announced; null while its department defrosts (end unknown). */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** Why it was held back ('DELAY' or 'DEFROST'); null when it was announced at its raise. */
    suppression: text('suppression').$type<AlarmSuppression>(),
  },
  (t) => [
    index('alarm_occurrences_held_idx')
      .on(t.heldUntil)
      .where(sql`${t.announced} = false AND ${t.clearedAt} IS NULL`),
    uniqueIndex('alarm_occurrences_open_idx')
      .on(t.tenantId, t.hexacode, t.department, t.subDepartment, t.code)
      .where(sql`${t.clearedAt} IS NULL`),
    index('alarm_occurrences_history_idx').on(t.tenantId, t.raisedAt),
  ],
);
export type AlarmOccurrenceRow = typeof alarmOccurrences.$inferSelect;

/** Why an occurrence was held back from the bell, e-mail and push. */
export type AlarmSuppression = 'DELAY' | 'DEFROST';

/** A tenant's own alarm delay for a code, over the ADF's default (issue 31). */
export const alarmDelays = pgTable(
  'alarm_delays',
  { tenantId: tenantId(), code: text('code').notNull(), delaySeconds: integer('delay_seconds').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

/**
 * A department's defrost as its controller reported it (the ADF's defrost state line): temperature alarms are
 * held back during it and for the kind's recovery time after it, and charts mark it. One open row per department.
 */
export const departmentDefrosts = pgTable(
  'department_defrosts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    hexacode: text('hexacode').notNull(),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('department_defrosts_open_idx')
      .on(t.tenantId, t.hexacode, t.department, t.subDepartment)
      .where(sql`${t.endedAt} IS NULL`),
    index('department_defrosts_place_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.startedAt,
    ),
  ],
);

/**
 * Numbers the alarm stream's events: one row per stored change of a device's alarms. A stream resumed with
 * Last-Event-ID replays the devices changed after that id; rows older than a day are pruned.
 */
export const alarmChanges = pgTable(
  'alarm_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    hexacode: text('hexacode').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_changes_at_idx').on(t.at)],
);

/** A browser's web-push subscription (SPEC §3 Push subscription): one row per endpoint, i.e. per browser. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

export const NOTIFICATION_CHANNELS = ['mail', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * Alarm e-mails and pushes waiting to be sent (modules/mail/outbox.ts). A sender claims due rows for a while (so
 * one instance sends each), deletes a row once delivered, and on failure sets the next attempt further away.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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

export const PASSWORD_TOKEN_KINDS = ['recover', 'setup'] as const;
export type PasswordTokenKind = (typeof PASSWORD_TOKEN_KINDS)[number];

/**
 * Single-use links that let a user choose a password (modules/recovery): 'recover' when they asked on
 * /forgot-password, 'setup' when an administrator created the account. Only the token's sha256 is kept.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    tenantId: tenantId(),
    userId: userId(),
    kind: text('kind').$type<PasswordTokenKind>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the password was chosen with it: the row stays so a second use is told which link it was. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_tokens_user_idx').on(t.tenantId, t.userId, t.createdAt)],
);

export const IMPERSONATION_KINDS = ['switch', 'switchBack'] as const;
export type ImpersonationKind = (typeof IMPERSONATION_KINDS)[number];

/**
 * Every switch of account and switch back (modules/impersonation): impersonation is never silent. The usernames
 * are copied so the record still reads after an account is deleted (its id then becomes null).
 */
export const impersonationRecords = pgTable(
  'impersonation_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    kind: text('kind').$type<ImpersonationKind>().notNull(),
    administratorId: uuid('administrator_id').references(() => users.id, { onDelete: 'set null' }),
    administratorUsername: text('administrator_username').notNull(),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'set null' }),
    accountUsername: text('account_username').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** A switch's session (its token's hash), whose requests are its actions; null for a switch back. */
    sessionTokenHash: text('session_token_hash'),
  },
  (t) => [
    index('impersonation_records_tenant_at_idx').on(t.tenantId, t.at, t.id),
    index('impersonation_records_session_idx').on(t.sessionTokenHash),
  ],
);

/**
 * What was done while switched (modules/impersonation/actions.ts): each request of a switch's session that may
 * change something, written before it runs and given its status once answered (null: no answer was sent).
 */
export const impersonationActions = pgTable(
  'impersonation_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    recordId: bigint('record_id', { mode: 'number' })
      .notNull()
      .references(() => impersonationRecords.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The URL's path, with the ids it names; never its query (it may carry a secret). */
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('impersonation_actions_record_idx').on(t.recordId, t.id)],
);

/** Bug reports and feature requests (modules/support), kept whether or not their e-mail got through. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The sender; kept when the account is deleted, as the report still says something. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    kind: text('kind').$type<SupportKind>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    email: text('email'),
    sendMeACopy: boolean('send_me_a_copy').notNull(),
    status: text('status').$type<'OPEN'>().notNull().default('OPEN'),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** A case's food-safety limit as a user set it (modules/foodSafety); without a row the ADF's default applies. */
export const foodSafetyLimits = pgTable(
  'food_safety_limits',
  {
    tenantId: tenantId(),
    hexacode: text('hexacode').notNull(),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    class: text('class').$type<FoodSafetyClass>().notNull(),
    line: text('line').$type<FoodSafetyLine>().notNull(),
    high: real('high').notNull(),
    low: real('low'),
    graceDegrees: real('grace_degrees').notNull(),
    graceMinutes: integer('grace_minutes').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.hexacode, t.department, t.subDepartment] })],
);

/** What people did about an excursion (subject 'excursion', key its id) or a case's day ('day', yyyy-MM-dd). */
export const foodSafetyReviews = pgTable(
  'food_safety_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    hexacode: text('hexacode').notNull(),
    department: integer('department').notNull(),
    subDepartment: integer('sub_department').notNull(),
    subject: text('subject').$type<'excursion' | 'day'>().notNull(),
    subjectKey: text('subject_key').notNull(),
    correctiveAction: text('corrective_action'),
    correctiveActionBy: text('corrective_action_by'),
    correctiveActionAt: timestamp('corrective_action_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('food_safety_reviews_subject_idx').on(
      t.tenantId,
      t.hexacode,
      t.department,
      t.subDepartment,
      t.subject,
      t.subjectKey,
    ),
  ],
);

/** A store's report e-mailed as PDF every day, week or month; one instance claims a due row and sends it. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    businessGroupId: uuid('business_group_id')
      .notNull()
      .references(() => businessGroups.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<ReportFrequency>().notNull(),
    recipients: text('recipients').array().notNull(),
    timeZone: text('time_zone').notNull(),
    /** The creator's language and date format: the PDF is written in them. */
    languageCode: text('language_code').notNull(),
    dateFormat: text('date_format').notNull(),
    createdBy: text('created_by').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('report_schedules_due_idx').on(t.nextRunAt)],
);
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

/** Each report a schedule queued for sending: the record that it went, to whom, over which period. */
export const reportSendings = pgTable(
  'report_sendings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    businessGroupId: uuid('business_group_id').notNull(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    recipients: text('recipients').array().notNull(),
    bytes: integer('bytes').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('report_sendings_schedule_idx').on(t.scheduleId, t.queuedAt)],
);

/** A tenant's escalation policy (modules/escalation), as PUT /api/v2/alarms/escalation validated it. */
export const alarmEscalationPolicies = pgTable('alarm_escalation_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  policy: jsonb('policy').$type<EscalationPolicy>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per level and round of an alarm that was told: the instance whose insert made it sends that round, so
 * several instances tell each level once.
 */
export const alarmEscalationClaims = pgTable(
  'alarm_escalation_claims',
  {
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    round: integer('round').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'alarm_escalation_claims_pk', columns: [t.occurrenceId, t.level, t.round] })],
);

/** Who escalation told of an alarm, how and when: the alarm's record, shown in its history. */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    round: integer('round').notNull(),
    channel: text('channel').$type<EscalationChannel>().notNull(),
    /** The address mailed, or the username whose browsers were pushed. */
    recipient: text('recipient').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alarm_notifications_occurrence_idx').on(t.occurrenceId, t.id)],
);

/** ISA-18.2 shelving: an alarm out of the bell and escalation until `until` or until unshelved (`endedAt`). */
export const alarmShelvings = pgTable(
  'alarm_shelvings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    occurrenceId: uuid('occurrence_id')
      .notNull()
      .references(() => alarmOccurrences.id, { onDelete: 'cascade' }),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Who unshelved it; null when it ran out (or the alarm cleared). */
    endedBy: text('ended_by'),
  },
  (t) => [
    index('alarm_shelvings_occurrence_idx').on(t.occurrenceId),
    uniqueIndex('alarm_shelvings_current_idx')
      .on(t.occurrenceId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/** The weekly test alarms: one per tenant and due time (the key makes it once across instances). */
export const alarmTestRuns = pgTable(
  'alarm_test_runs',
  {
    tenantId: tenantId(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    result: text('result').$type<EscalationTestRun['result']>().notNull(),
    notified: jsonb('notified').$type<EscalationTestRun['notified']>().notNull(),
  },
  (t) => [primaryKey({ name: 'alarm_test_runs_pk', columns: [t.tenantId, t.dueAt] })],
);

/**
 * The audit trail (modules/audit): what people changed, append-only, a hash chain per tenant. The database refuses
 * UPDATE, DELETE and TRUNCATE on it (a trigger), so no route and no slip of code rewrites what happened.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 1, 2, 3… per tenant, without gaps: a missing number is a deleted entry. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Who did it (the administrator, while switched); no foreign key: the record outlives the account. */
    userId: uuid('user_id'),
    username: text('username').notNull(),
    /** The account an administrator acted as (switch account), or null. */
    actingAsId: uuid('acting_as_id'),
    actingAsUsername: text('acting_as_username'),
    action: text('action').notNull(),
    target: text('target').notNull(),
    /** The device the entry is about, if any (the trail is searched by it). */
    hexacode: text('hexacode'),
    before: jsonb('before'),
    after: jsonb('after'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_tenant_seq_idx').on(t.tenantId, t.seq),
    index('audit_entries_tenant_at_idx').on(t.tenantId, t.at),
  ],
);
