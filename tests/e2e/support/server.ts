import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clusterDirOf } from '../../../server/src/db/embedded';
import { stopCluster } from '../../../server/src/db/embedded/cluster';
import { withConnection } from '../../../server/src/db/client';
import { databaseUrlOf, dropDatabase } from '../../../server/src/testing/testPostgres';
import { eventually } from '../../../server/src/testing/wait';
import { buildServer } from '../../../scripts/build-server';
import { diagnosticReport, reportOnSignal } from './serverReport';

export interface RunningServer {
  port: number;
  mqttPort: number;
  /** DATA_DIR of the server: its embedded database (unless it has a database of the run's) and mail outbox. */
  dataDir: string;
  /** Its database's name on the run's PostgreSQL, when it was given one (`options.database`). */
  database?: string;
  /** That database, to start the server again on (`options.again`). */
  databaseCopy?: DatabaseCopy;
  /** The server process (benches read its memory). */
  pid: number;
  /** What the server has written to standard output and error so far. */
  output(): string;
  /**
   * Ends the process at once (SIGKILL), as a crash would: its embedded PostgreSQL runs on, as it would in
   * production, until a server started on the same data directory takes it over or stop() ends it.
   */
  kill(): Promise<void>;
  /**
   * Ends the process as a deploy would (SIGTERM; the server stops its embedded PostgreSQL) and, unless
   * `keepData`, deletes its data directory (and drops its database of the run's PostgreSQL).
   */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** A database of the run's PostgreSQL to copy (CREATE DATABASE … TEMPLATE) for a server instead of the embedded one. */
export interface DatabaseTemplate {
  adminUrl: string;
  template: string;
}

export interface StartOptions {
  /** Start on this data directory as it is (one a stopped or killed server left), not on a new one. */
  dataDir?: string;
  /** Give the server (DATABASE_URL) a copy of this database instead of its embedded PostgreSQL. */
  database?: DatabaseTemplate;
  /**
   * A server that ended (killed): start again on its ports, its data directory and its database, as a crashed
   * server is started again; the new one owns them (its stop() removes them).
   */
  again?: RunningServer;
}

/** A server's own database on the run's PostgreSQL. */
interface DatabaseCopy {
  name: string;
  url: string;
  adminUrl: string;
}

/** A fresh copy of `from` on its PostgreSQL. */
async function copyOf(from: DatabaseTemplate): Promise<DatabaseCopy> {
  const name = `coldwatch_server_${randomBytes(6).toString('hex')}`;
  await withConnection(from.adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${from.template}`),
  );
  return { name, url: databaseUrlOf(from.adminUrl, name), adminUrl: from.adminUrl };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let bundle: Promise<string> | undefined;
/** The server bundled as `npm start` runs it: by the run's global setup (COLDWATCH_SERVER_BUNDLE), else once here. */
export function serverBundle(): Promise<string> {
  const built = process.env.COLDWATCH_SERVER_BUNDLE;
  return (bundle ??= built ? Promise.resolve(built) : buildServer());
}

/** What the server says when another program listens on its port (server/src/startFailure.ts). */
const PORT_TAKEN = 'is already in use by another program';

class PortTakenError extends Error {}

/**
 * How often a start on ports picked by `freePort` is tried. A port is free when picked, not always seconds later
 * when the server binds it: another process of the run (a server, a PostgreSQL, a broker) may have taken it in
 * between. A start that lost its port that way starts again on new ones.
 */
const PORT_RACE_ATTEMPTS = 3;

async function waitUntilHealthy(port: number, child: ChildProcess, log: () => string): Promise<void> {
  let lastAnswer = 'no answer (not listening yet)';
  const healthy = (): Promise<boolean> =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      async (response) => {
        lastAnswer = `${response.status} ${await response.text()}`;
        return response.status === 200;
      },
      () => false, // not listening yet
    );
  const ended = await eventually(
    async () => (child.exitCode !== null ? 'exited' : (await healthy()) && 'healthy'),
    {
      what: 'the server healthy',
      timeoutMs: 90_000,
    },
  ).catch((error: Error) => {
    // The answer names the start's step it hangs in (server/src/http/health.ts).
    throw new Error(`${error.message}; /healthz last said ${lastAnswer}:\n${log()}`);
  });
  if (ended !== 'exited') return;
  const message = `server exited with ${child.exitCode}:\n${log()}`;
  throw log().includes(PORT_TAKEN) ? new PortTakenError(message) : new Error(message);
}

/**
 * Starts the real server (the built SPA from dist/) on a free port, on a fresh data directory (or
 * `options.dataDir`), with its embedded PostgreSQL or a copy of `options.database`.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  // Ports the caller chose (its own, or those of a server started again) are its to keep.
  const picksPorts = !options.again && !extraEnv.PORT && !extraEnv.MQTT_PORT;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(extraEnv, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || !picksPorts || attempt === PORT_RACE_ATTEMPTS) throw error;
    }
  }
}

async function startOnce(extraEnv: Record<string, string>, options: StartOptions): Promise<RunningServer> {
  const { again } = options;
  const port = again?.port ?? (await freePort());
  const mqttPort = again?.mqttPort ?? (await freePort());
  const dataDir = again?.dataDir ?? options.dataDir ?? (await mkdtemp(join(tmpdir(), 'coldwatch-e2e-')));
  const database = again?.databaseCopy ?? (options.database ? await copyOf(options.database) : undefined);
  /** Everything the server leaves behind: a PostgreSQL it did not stop (killed), its data, its database. */
  const cleanUp = async () => {
    await stopCluster(clusterDirOf(dataDir), 'immediate');
    await rm(dataDir, { recursive: true, force: true });
    if (database) await dropDatabase(database.adminUrl, database.name);
  };
  /**
   * After a failed start: what it made, not a data directory it was given (another server may be on it), nor
   * what a server started again took over (the ended server still answers for it).
   */
  const cleanUpStart = async () => {
    if (again) return;
    if (!options.dataDir) await cleanUp();
    else if (database) await dropDatabase(database.adminUrl, database.name);
  };
  let output = '';
  // SERVER_NODE_ARGS: options for the server's node, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it
  // under a benchmark (NODE_OPTIONS refuses --cpu-prof).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, ...reportOnSignal(dataDir), '--enable-source-maps', await serverBundle()],
    {
      env: {
        ...process.env,
        PORT: String(port),
        MQTT_PORT: String(mqttPort),
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        DEMO: 'true',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilHealthy(port, child, () => output);
  } catch (error) {
    // What it was doing meanwhile: a start hung in a step once (CI at faba422, 'starting the broker').
    if (error instanceof Error) error.message += `\n${await diagnosticReport(child, dataDir)}`;
    // A server that never became healthy must not outlive the run that started it.
    child.kill('SIGKILL');
    await new Promise((r) =>
      child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(0),
    );
    await cleanUpStart();
    throw error;
  }
  return {
    port,
    mqttPort,
    dataDir,
    ...(database ? { database: database.name, databaseCopy: database } : {}),
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) await cleanUp();
    },
  };
}
