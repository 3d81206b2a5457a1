import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import { DEFAULT_HISTORY_RETENTION_DAYS, type Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandler } from './errors';
import { registerCompression } from './http/compression';
import {
  CONNECTION_LIMITS,
  limitConnectionsPerAddress,
  serverTimeouts,
  type ConnectionLimits,
} from './http/connections';
import { useContractValidation } from './http/contracts';
import { registerApiDocs } from './http/docs';
import { loggerOptions, logResponses, requestIdentity, type LogStream } from './http/logging';
import { createReadiness, registerHealth, type Readiness } from './http/health';
import { registerMetrics, type MetricSources } from './http/metrics';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { registerAccount } from './modules/account/plugin';
import { registerAlarms } from './modules/alarms/plugin';
import { registerAuth } from './modules/auth/plugin';
import { createBuffers } from './modules/buffers/plugin';
import { registerDashboards } from './modules/dashboards/plugin';
import { registerDemo } from './modules/demo/plugin';
import { registerDevices } from './modules/devices/plugin';
import { registerAudit } from './modules/audit/plugin';
import { registerFleet } from './modules/fleet/plugin';
import { registerFoodSafety } from './modules/foodSafety/plugin';
import { registerEscalation } from './modules/escalation/plugin';
import { registerHistory } from './modules/history/plugin';
import { createOutbox } from './modules/mail/outbox';
import { mailSettingsOf, registerMail, type MailSettings } from './modules/mail/plugin';
import { pushSettingsOf, registerPush, type PushSettings } from './modules/push/plugin';
import type { GatewayAccess } from './modules/devices/gateway-access';
import { recordActionsWhileSwitched } from './modules/impersonation/actions';
import { registerImpersonation } from './modules/impersonation/plugin';
import { createImpersonationRepository } from './modules/impersonation/repository';
import { registerRealtime } from './modules/realtime/plugin';
import { registerRecovery } from './modules/recovery/plugin';
import { registerShelving } from './modules/shelving/plugin';
import { defaultSupportEmail, registerSupport } from './modules/support/plugin';
import { registerTenancy } from './modules/tenancy/plugin';
import { registerTwoFactor } from './modules/twoFactor/plugin';
import { registerThemes } from './modules/themes/plugin';
import { registerUsers } from './modules/users/plugin';
import type { SimulatorControl } from './simulator/fleet';

export interface AppOptions {
  config: Pick<Config, 'defaultTenant' | 'logLevel'> &
    Partial<
      Pick<
        Config,
        | 'historyRetentionDays'
        | 'trustProxy'
        | 'maxConnectionsPerAddress'
        | 'maxSocketsPerSession'
        | NotificationConfigKeys
      >
    >;
  db: Database;
  clock?: Clock;
  /** Defaults to ready: tests build the app over a migrated database. */
  readiness?: Readiness;
  /** The built SPA; defaults to dist/ at the repository root. */
  distDir?: string;
  logger?: boolean;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: LogStream;
  /** Broker + gateway (main.ts: DeviceRuntime). Without it the device routes and the live socket are absent. */
  devices?: GatewayAccess & {
    readonly started: boolean;
    readonly connected: boolean;
    readonly url?: string | undefined;
  };
  /** How often each instance re-validates the sessions of its open live sockets. Default 30 s. */
  sessionCheckIntervalMs?: number;
  /** Alarm e-mail and web push beyond the configuration (tests: their own SMTP server, retry timing, TLS agent). */
  mail?: Partial<MailSettings>;
  push?: Partial<PushSettings>;
  /** The PostgreSQL pool's figures for /metrics (main.ts; none on the embedded database). */
  pool?: MetricSources['pool'];
  /** The simulated fleet running in this process (demo mode): adds POST /api/v2/demo/alarms. */
  simulator?: SimulatorControl;
  /** How often escalation and shelving expiry run (default 5 s; tests call app.escalation.tick themselves). */
  escalationPollMs?: number;
  /** Timeouts and limits of connections beyond the configuration (tests: timeouts short enough to wait for). */
  connections?: Partial<ConnectionLimits>;
}

type NotificationConfigKeys =
  'dataDir' | 'port' | 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'supportEmail' | 'vapidKeys' | 'vapidSubject';

const REPOSITORY_DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const ONE_MEGABYTE = 1024 * 1024;

/** The whole HTTP application, not listening, so tests can drive it with app.inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, clock = systemClock } = options;
  // A number is how many proxies in front to believe (Fastify's types want it as a function).
  const trusted = config.trustProxy ?? false;
  const trustProxy = typeof trusted === 'number' ? (_address: string, hop: number) => hop < trusted : trusted;
  const limits: ConnectionLimits = {
    ...CONNECTION_LIMITS,
    ...(config.maxConnectionsPerAddress ? { maxPerAddress: config.maxConnectionsPerAddress } : {}),
    ...(config.maxSocketsPerSession ? { maxSocketsPerSession: config.maxSocketsPerSession } : {}),
    ...options.connections,
  };
  const app = Fastify({
    ...serverTimeouts(limits),
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    ...requestIdentity(trusted !== false),
    trustProxy,
    bodyLimit: ONE_MEGABYTE,
    // The socket and alarm stream keep connections open; do not let them hold a shutdown forever.
    forceCloseConnections: true,
    // Start-up migrates and warms the database: on a busy small machine that outlasts Fastify's 10 s default.
    pluginTimeout: 60_000,
  });

  registerErrorHandler(app);
  limitConnectionsPerAddress(app, limits.maxPerAddress, trusted);
  logResponses(app);
  useContractValidation(app);
  const runtime = options.devices;
  const readiness = options.readiness ?? createReadiness(true);
  registerHealth(app, readiness, {
    details: () =>
      runtime
        ? { gateway: runtime.connected ? 'connected' : runtime.started ? 'disconnected' : 'starting' }
        : {},
    ping: () => db.execute(sql`select 1`),
  });
  registerMetrics(app, {
    gateway: runtime
      ? () => {
          if (!runtime.started) return { received: 0, rejected: {}, published: 0, devices: 0, online: 0 };
          const { received, rejected, commandsPublished, devices, online } = runtime.gateway.metrics();
          return { received, rejected, published: commandsPublished, devices, online };
        }
      : undefined,
    sockets: () => app.realtime?.hub()?.metrics().clients,
    replacedLiveValues: () => {
      const hub = app.realtime?.hub()?.metrics();
      return hub && hub.replacedUpdates + hub.droppedUpdates;
    },
    escalationRounds: () => app.escalation?.rounds(),
    pool: options.pool,
  });
  await registerSecurityHeaders(app);
  await registerCompression(app);
  await registerApiDocs(app);
  registerTenancy(app, db, config.defaultTenant);

  // Before every route, so each gets the hooks.
  recordActionsWhileSwitched(app, createImpersonationRepository(db), clock);
  const auth = await registerAuth(app, { db, clock });
  await registerThemes(app);
  const account = await registerAccount(app, { db, clock, sessions: auth });
  await registerTwoFactor(app, { db, auth, clock });
  await registerImpersonation(app, { db, auth, clock });
  await registerAudit(app, { db });
  const history = await registerHistory(app, {
    db,
    clock,
    account,
    access: runtime,
    retentionDays: config.historyRetentionDays ?? DEFAULT_HISTORY_RETENTION_DAYS,
    ready: readiness.isReady,
  });
  const buffers = runtime ? createBuffers({ db, account, access: runtime, clock, history }) : undefined;
  // Alarm e-mail and web push: one durable outbox, a sending loop per channel (fed by app.alarms below).
  const outbox = createOutbox(db, clock);
  const notifying = { db, clock, outbox, ready: readiness.isReady };
  const mailSettings = { ...mailSettingsOf(config), ...options.mail };
  const mail = registerMail(app, { ...notifying, settings: mailSettings });
  await registerRecovery(app, {
    db,
    clock,
    outbox,
    wakeMail: () => mail.sender.wake(),
    links: mailSettings,
    sessions: auth,
    throttle: auth,
  });
  await registerSupport(app, {
    db,
    clock,
    outbox,
    wakeMail: () => mail.sender.wake(),
    supportEmail: config.supportEmail ?? defaultSupportEmail(config.publicUrl),
    noReplyFrom: mailSettings.noReplyFrom,
  });
  await registerUsers(app, { db, clock, recovery: app.recovery, sessions: auth });
  await registerPush(app, { ...notifying, settings: { ...pushSettingsOf(config), ...options.push } });
  const devices =
    runtime && buffers
      ? await registerDevices(app, { db, account, access: runtime, buffers, clock })
      : undefined;
  await registerDashboards(app, {
    db,
    account,
    lines: devices,
    buffers,
    history: runtime ? history : undefined,
    clock,
  });
  if (runtime) {
    await registerFleet(app, { db, access: runtime });
    await registerAlarms(app, {
      db,
      clock,
      access: runtime,
      auth,
      ready: readiness.isReady,
      sessionCheckIntervalMs: options.sessionCheckIntervalMs,
      maxStreamsPerSession: limits.maxSocketsPerSession,
    });
    await registerFoodSafety(app, {
      db,
      clock,
      account,
      access: runtime,
      outbox,
      wakeMail: () => mail.sender.wake(),
      mailFrom: mailSettings.noReplyFrom,
      ready: readiness.isReady,
    });
    app.mail.listenTo(app.alarms);
    app.push.listenTo(app.alarms);
    const escalating = { db, clock, ready: readiness.isReady, pollMs: options.escalationPollMs };
    await registerEscalation(app, { ...escalating, outbox, links: mailSettings });
    await registerShelving(app, escalating);
    await registerRealtime(app, {
      access: runtime,
      db,
      account,
      auth,
      sessionCheckIntervalMs: options.sessionCheckIntervalMs,
      maxSocketsPerSession: limits.maxSocketsPerSession,
    });
  }
  if (options.simulator) await registerDemo(app, options.simulator);
  await registerSpa(app, options.distDir ?? REPOSITORY_DIST);
  return app;
}
