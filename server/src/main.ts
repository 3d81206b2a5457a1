import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import { DataDirInUseError } from './db/embedded';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import type { FastifyInstance } from 'fastify';
import { DEMO_TENANTS, seedDemo } from './seed';
import { backfillDemoHistory } from './seed/history';
import { demoUsers } from './seed/users';
import { DeviceRuntime } from './gateway/runtime';
import { createReadiness, type Readiness } from './http/health';
import { whyStartFailed } from './startFailure';

function readConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** The MQTT address devices use, without a password. */
function mqttAddress(config: Config): string {
  if (!config.mqttUrl) return `mqtt://localhost:${config.mqttPort} (embedded broker)`;
  const url = new URL(config.mqttUrl);
  url.password = '';
  return `${url.toString()} (external broker)`;
}

function banner(config: Config, dataLocation: string, fleetSize: number): string {
  const url = (tenant?: string) => `http://${tenant ? `${tenant}.` : ''}localhost:${config.port}`;
  const lines = [
    '',
    'Coldwatch is running',
    `  ${url()}  (tenant '${config.defaultTenant}')`,
    ...(config.demo
      ? DEMO_TENANTS.filter((t) => t.name !== config.defaultTenant).map(
          (t) => `  ${url(t.name)}  (tenant '${t.name}')`,
        )
      : []),
    `  API docs: ${url()}/api/docs`,
    `  Data: ${dataLocation}`,
    `  MQTT: ${mqttAddress(config)}`,
    ...(fleetSize > 0 ? [`  Simulated devices: ${fleetSize} (SIMULATOR=false turns them off)`] : []),
  ];
  if (config.demo) {
    lines.push('  Demo users (in every tenant):');
    for (const user of demoUsers(config.defaultTenant)) {
      lines.push(`    ${user.username.padEnd(9)} ${user.password.padEnd(12)} ${user.note}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** What the embedded database says before the app's logger exists: rare, and worth an operator's eye. */
const startLog = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ ...config, role: 'server', httpPort: config.port, log: startLog });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  try {
    const handle = await openConfiguredDatabase(config);
    try {
      await serve(config, handle);
    } catch (error) {
      // The embedded PostgreSQL this start began must not outlive it.
      await handle.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    console.error(whyStartFailed(error, config));
    process.exit(1);
  }
}

async function serve(config: Config, handle: DatabaseHandle): Promise<void> {
  const readiness = createReadiness(false);
  const devices = new DeviceRuntime({
    db: handle.db,
    url: config.mqttUrl,
    port: config.mqttPort,
    username: config.mqttUsername,
    password: config.mqttPassword,
    simulator: config.simulator,
    prefix: config.mqttTopicPrefix,
  });
  const pool = () => ({
    total: handle.pool.totalCount,
    idle: handle.pool.idleCount,
    waiting: handle.pool.waitingCount,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    readiness,
    devices,
    simulator: devices.simulator,
    pool,
  });
  devices.useLogger(app.log);

  let stopping = false;
  /**
   * Ends what the start began, in order, then the process: sockets first (app.close, which also gives back the
   * connections held for LISTEN; the pool's end waits for them), then the fleet says offline, the gateway and
   * the broker go, the database last (the embedded PostgreSQL stopped with it).
   */
  const shutDown = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    // A stuck close must not keep the process (and a deploy) waiting for ever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await devices.stop();
    await handle.close();
    process.exit(exitCode);
  };
  const stop = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    void shutDown(0);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    await start(config, handle, app, readiness, devices);
  } catch (error) {
    // A port in use fails the start after the app holds connections: end them too, or the process hangs silent.
    console.error(whyStartFailed(error, config));
    await shutDown(1);
  }
}

async function start(
  config: Config,
  handle: DatabaseHandle,
  app: FastifyInstance,
  readiness: Readiness,
  devices: DeviceRuntime,
): Promise<void> {
  // Listen first: /healthz answers 503 while the database is migrated and seeded, then 200.
  await app.listen({ port: config.port, host: config.host });
  readiness.step('migrating');
  await migrate(handle);
  const seededAt = Date.now();
  readiness.step('seeding');
  const seeded = config.demo && (await seedDemo(handle.db, { now: seededAt }));
  if (seeded) app.log.info('seeded the demo tenants and users');
  await devices.start(readiness.step);
  readiness.markReady();
  console.log(banner(config, handle.location, devices.simulatedDevices.length));
  if (seeded) void backfill(app, handle.db, devices, seededAt);
}

/**
 * The demo's weeks of history, made after the first start while the server already answers: the fleet's physics
 * fast-forwarded up to the moment of seeding (live recording carries on from there).
 */
async function backfill(app: FastifyInstance, db: Database, devices: DeviceRuntime, until: number) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const { samples } = await backfillDemoHistory(db, devices.adfs, until, (runs) =>
      app.history.importRuns(runs),
    );
    const used = process.cpuUsage(cpu);
    app.log.info(
      {
        samples,
        ms: Math.round(performance.now() - started),
        cpuMs: Math.round((used.user + used.system) / 1000),
      },
      'demo history backfilled',
    );
  } catch (error) {
    app.log.error({ err: error }, 'demo history backfill failed');
  }
}

void main();
