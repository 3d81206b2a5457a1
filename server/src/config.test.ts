import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('uses the embedded defaults on an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      defaultTenant: 'demo',
      demo: true,
      logLevel: 'info',
      mqttPort: 1884,
      mqttTopicPrefix: 'devices',
      mqttUrl: undefined,
      mqttUsername: undefined,
      mqttPassword: undefined,
      simulator: true,
      smtpUrl: undefined,
      mailFrom: undefined,
      publicUrl: undefined,
      vapidKeys: undefined,
      vapidSubject: undefined,
      historyRetentionDays: 800,
      trustProxy: false,
    });
  });

  it('reads which proxies to trust: all, none, how many, or which addresses', () => {
    const trustOf = (TRUST_PROXY: string) => loadConfig({ TRUST_PROXY }).trustProxy;
    expect(trustOf('true')).toBe(true);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('2')).toBe(2);
    expect(trustOf('10.0.0.1, 10.1.0.0/16')).toBe('10.0.0.1, 10.1.0.0/16');
    expect(problemsOf({ TRUST_PROXY: 'yes please' })).toEqual([
      "TRUST_PROXY must be 'true', 'false', a number of proxies, or the proxies' addresses (comma-separated, CIDR allowed) (got 'yes please')",
    ]);
  });

  it('reads how many connections an address and a session may hold', () => {
    const config = loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '1000', MAX_SOCKETS_PER_SESSION: '20' });
    expect(config).toMatchObject({ maxConnectionsPerAddress: 1000, maxSocketsPerSession: 20 });
    expect(problemsOf({ MAX_SOCKETS_PER_SESSION: '0' })).toEqual([
      "MAX_SOCKETS_PER_SESSION must be an integer from 1 to 100000 (got '0')",
    ]);
  });

  it('takes the public URL and VAPID keys for alarm e-mail and web push, never echoing the private key', () => {
    const publicKey = Buffer.alloc(65, 4).toString('base64url');
    const privateKey = Buffer.alloc(32, 7).toString('base64url');
    const config = loadConfig({
      PUBLIC_URL: 'https://example.com',
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(config.publicUrl).toBe('https://example.com');
    expect(config.vapidKeys).toEqual({ publicKey, privateKey });
    expect(config.vapidSubject).toBe('mailto:ops@example.com');
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).mailFrom).toBe('Ops <ops@example.com>');
    expect(problemsOf({ MAIL_FROM: 'ops' })[0]).toMatch(/^MAIL_FROM must be an e-mail address/);
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.com' }).supportEmail).toBe('help@example.com');
    expect(problemsOf({ SUPPORT_EMAIL: 'help' })[0]).toMatch(/^SUPPORT_EMAIL must be an e-mail address/);
    expect(problemsOf({ PUBLIC_URL: 'ftp://x' })[0]).toMatch(/^PUBLIC_URL must be a URL starting with http/);
    expect(problemsOf({ VAPID_PUBLIC_KEY: publicKey })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together',
    ]);
    const bad = problemsOf({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'not-a-key-secret' });
    expect(bad).toEqual(["VAPID_PRIVATE_KEY must be 32 bytes in unpadded base64url (got '***')"]);
  });

  it('runs the simulator in demo mode only, unless SIMULATOR=false', () => {
    expect(loadConfig({ SIMULATOR: 'false' }).simulator).toBe(false);
    expect(loadConfig({ DEMO: 'false', SIMULATOR: 'true' }).simulator).toBe(false);
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_USERNAME: 'srv' })).toMatchObject({
      mqttUrl: 'mqtt://broker:1883',
      mqttUsername: 'srv',
      simulator: true,
    });
  });

  it('turns demo mode off by default when a PostgreSQL URL is given, unless DEMO says otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/coldwatch' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/coldwatch', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('names the variable, the rule and the bad value', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(["PORT must be an integer from 1 to 65535 (got 'abc')"]);
    expect(problemsOf({ PORT: '0' })).toEqual(["PORT must be an integer from 1 to 65535 (got '0')"]);
    expect(problemsOf({ MQTT_PORT: '65536' })).toEqual([
      "MQTT_PORT must be an integer from 1 to 65535 (got '65536')",
    ]);
    expect(problemsOf({ DEMO: 'yes' })).toEqual(["DEMO must be 'true' or 'false' (got 'yes')"]);
    expect(problemsOf({ HISTORY_RETENTION_DAYS: '0' })).toEqual([
      "HISTORY_RETENTION_DAYS must be an integer from 1 to 36500 (got '0')",
    ]);
    expect(loadConfig({ HISTORY_RETENTION_DAYS: '30' }).historyRetentionDays).toBe(30);
    expect(problemsOf({ DEFAULT_TENANT: 'Big Co' })[0]).toMatch(/^DEFAULT_TENANT must be/);
    expect(problemsOf({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL must be one of fatal, error/);
    expect(problemsOf({ SMTP_URL: 'http://mail' })[0]).toMatch(
      /^SMTP_URL must be a URL starting with smtp:\/\//,
    );
  });

  it('reports every bad variable at once and never echoes a password', () => {
    const problems = problemsOf({ PORT: 'x', DATABASE_URL: 'mysql://app:s3cret@db/x' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('s3cret');
    expect(problems[1]).toContain("got 'mysql://app:***@db/x'");
  });
});
