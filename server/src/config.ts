import * as v from 'valibot';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A DNS label, because the tenant name is the first label of the host name. */
const TENANT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const integerIn = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `${name} must be an integer from ${min} to ${max}`),
    v.transform(Number),
    v.number(),
    v.minValue(min, `${name} must be an integer from ${min} to ${max}`),
    v.maxValue(max, `${name} must be an integer from ${min} to ${max}`),
  );
const port = (name: string) => integerIn(name, 1, 65535);

const url = (name: string, schemes: readonly string[]) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => URL.canParse(value) && schemes.includes(new URL(value).protocol.slice(0, -1)),
      `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`,
    ),
  );

/** Unpadded base64url of `bytes` bytes (VAPID keys as web-push and browsers take them). */
const base64url = (name: string, bytes: number) =>
  v.pipe(
    v.string(),
    v.check(
      (value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes,
      `${name} must be ${bytes} bytes in unpadded base64url`,
    ),
  );

const boolean = (name: string) =>
  v.pipe(
    v.picklist(['true', 'false'], `${name} must be 'true' or 'false'`),
    v.transform((value) => value === 'true'),
  );

/** A year and its comparison year, with a month to spare for the longest range (400 days). */
export const DEFAULT_HISTORY_RETENTION_DAYS = 800;

const EnvSchema = v.object({
  PORT: v.optional(port('PORT'), '8080'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(url('DATABASE_URL', ['postgres', 'postgresql'])),
  DEFAULT_TENANT: v.optional(
    v.pipe(v.string(), v.regex(TENANT_NAME, 'DEFAULT_TENANT must be a lower-case host name label')),
    'demo',
  ),
  DEMO: v.optional(boolean('DEMO')),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  MQTT_PORT: v.optional(port('MQTT_PORT'), '1884'),
  MQTT_URL: v.optional(url('MQTT_URL', ['mqtt', 'mqtts', 'ws', 'wss'])),
  MQTT_USERNAME: v.optional(v.string()),
  MQTT_TOPIC_PREFIX: v.optional(
    v.pipe(
      v.string(),
      v.regex(
        /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/,
        'MQTT_TOPIC_PREFIX must be topic levels of letters, digits, _ or - separated by /',
      ),
    ),
    'devices',
  ),
  MQTT_PASSWORD: v.optional(v.string()),
  SIMULATOR: v.optional(boolean('SIMULATOR')),
  SMTP_URL: v.optional(url('SMTP_URL', ['smtp', 'smtps'])),
  MAIL_FROM: v.optional(
    v.pipe(
      v.string(),
      v.regex(/@[^@\s]+$/, 'MAIL_FROM must be an e-mail address, e.g. Coldwatch <alarms@example.com>'),
    ),
  ),
  PUBLIC_URL: v.optional(url('PUBLIC_URL', ['http', 'https'])),
  SUPPORT_EMAIL: v.optional(
    v.pipe(v.string(), v.email('SUPPORT_EMAIL must be an e-mail address, e.g. support@example.com')),
  ),
  VAPID_PUBLIC_KEY: v.optional(base64url('VAPID_PUBLIC_KEY', 65)),
  VAPID_PRIVATE_KEY: v.optional(base64url('VAPID_PRIVATE_KEY', 32)),
  VAPID_SUBJECT: v.optional(url('VAPID_SUBJECT', ['mailto', 'https'])),
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(value.trim()),
        "TRUST_PROXY must be 'true', 'false', a number of proxies, or the proxies' addresses (comma-separated, CIDR allowed)",
      ),
    ),
  ),
  MAX_CONNECTIONS_PER_ADDRESS: v.optional(integerIn('MAX_CONNECTIONS_PER_ADDRESS', 1, 1_000_000)),
  MAX_SOCKETS_PER_SESSION: v.optional(integerIn('MAX_SOCKETS_PER_SESSION', 1, 100_000)),
  HISTORY_RETENTION_DAYS: v.optional(
    integerIn('HISTORY_RETENTION_DAYS', 1, 36_500),
    String(DEFAULT_HISTORY_RETENTION_DAYS),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PostgreSQL under dataDir/postgres (db/embedded). */
  databaseUrl: string | undefined;
  defaultTenant: string;
  /** Seed demo tenants and users into an empty database. */
  demo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  mqttPort: number;
  /** Unset: the embedded Aedes broker on mqttPort. */
  mqttUrl: string | undefined;
  /** The server's own identity on an external broker (MQTT_URL); the embedded one makes a random one per start. */
  mqttUsername: string | undefined;
  /** The first topic levels of every device topic (docs/device-protocol.md), so environments can share a broker. */
  mqttTopicPrefix: string;
  mqttPassword: string | undefined;
  /** Run the demo fleet in-process against the broker: demo mode only, on unless SIMULATOR=false. */
  simulator: boolean;
  smtpUrl: string | undefined;
  /** Sender of alarm e-mail; default `Coldwatch <alarms@<PUBLIC_URL host or localhost>>`. */
  mailFrom: string | undefined;
  /**
   * Where people reach the app, for links in alarm e-mails: tenant `acme` is `<scheme>://acme.<PUBLIC_URL host>`.
   * Unset: `http://<tenant>.localhost:<port>`.
   */
  publicUrl: string | undefined;
  /** Where bug reports and feature requests go when the tenant names no address; default support@<PUBLIC_URL host>. */
  supportEmail: string | undefined;
  /** Both or neither: unset, the first start makes a key pair and keeps it in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Contact the push services may use (mailto: or https:); defaults to PUBLIC_URL when that is https. */
  vapidSubject: string | undefined;
  /** Recorded history older than this many days is dropped by the server. */
  historyRetentionDays: number;
  /**
   * Which proxies' X-Forwarded-For, -Host and -Proto headers to believe for the client's address and the host
   * (the tenant): none (false, the default), all (true), the nearest `n`, or those at these addresses.
   */
  trustProxy: boolean | number | string;
  /** Connections one client address may hold at once (not counted: a trusted proxy's); unset: 256. */
  maxConnectionsPerAddress: number | undefined;
  /** Live sockets, and as many alarm streams, one session may hold at once; unset: 8. */
  maxSocketsPerSession: number | undefined;
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  const trimmed = value?.trim();
  if (trimmed === undefined || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** Keeps a password in a connection URL out of the error message (and so out of logs). */
const hidePassword = (value: string) => value.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');

const SECRET_VARIABLES = new Set(['VAPID_PRIVATE_KEY']);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the configuration from environment variables; throws ConfigError naming every bad value. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`PORT=`) means "use the default", as shells and compose files often leave them so.
  const present = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((key) => (env[key] ? [[key, env[key]]] : [])),
  );
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const key = v.getDotPath(issue) ?? '';
        // A private key is never echoed, not even in part.
        const shown = SECRET_VARIABLES.has(key) ? '***' : hidePassword(String(present[key]));
        return `${issue.message} (got '${shown}')`;
      }),
    );
  }
  const parsed = result.output;
  if ((parsed.VAPID_PUBLIC_KEY === undefined) !== (parsed.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(['VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together']);
  }
  const demo = parsed.DEMO ?? parsed.DATABASE_URL === undefined;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    defaultTenant: parsed.DEFAULT_TENANT,
    demo,
    logLevel: parsed.LOG_LEVEL,
    mqttPort: parsed.MQTT_PORT,
    mqttTopicPrefix: parsed.MQTT_TOPIC_PREFIX,
    mqttUrl: parsed.MQTT_URL,
    mqttUsername: parsed.MQTT_USERNAME,
    mqttPassword: parsed.MQTT_PASSWORD,
    simulator: demo && (parsed.SIMULATOR ?? true),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    publicUrl: parsed.PUBLIC_URL,
    supportEmail: parsed.SUPPORT_EMAIL,
    vapidKeys:
      parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY
        ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: parsed.VAPID_SUBJECT,
    historyRetentionDays: parsed.HISTORY_RETENTION_DAYS,
    trustProxy: trustProxyOf(parsed.TRUST_PROXY),
    maxConnectionsPerAddress: parsed.MAX_CONNECTIONS_PER_ADDRESS,
    maxSocketsPerSession: parsed.MAX_SOCKETS_PER_SESSION,
  };
}
