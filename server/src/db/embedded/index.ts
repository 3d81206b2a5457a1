import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, readlink, stat, symlink, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import {
  alive,
  clusterDirOf,
  initialise,
  isInitialised,
  runningPostmaster,
  startCluster,
  stopCluster,
} from './cluster';
import { OwnerLock, type Holder, type Role } from './owner';
import { reachableByPostgres, ROOT_PLACES } from './package';

export { clusterDirOf } from './cluster';

export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface EmbeddedOptions {
  /** DATA_DIR: the cluster lives in its `postgres` folder, its password in `postgres-password`. */
  dataDir: string;
  role: Role;
  /** A server's HTTP port, named to a second server that is refused. */
  httpPort?: number;
  log: EmbeddedLog;
  /** More cluster settings (cluster.ts). */
  settings?: Record<string, string>;
}

export interface EmbeddedPostgres {
  /** The application database's URL (password included: it never leaves the process). */
  url: string;
  /** Where the data lives, for the banner. */
  location: string;
  /** Whether this process owns the cluster (and stops it in stop()); a tool beside a running server does not. */
  owner: boolean;
  /** The owner stops the cluster; anyone else only lets go of it. */
  stop(): Promise<void>;
}

/** Refuses a second server on one DATA_DIR, naming the first. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: Holder, postgres: { pid: number; port: number }) {
    super(
      `Another Coldwatch server (PID ${holder.pid}${holder.httpPort ? `, HTTP port ${holder.httpPort}` : ''}) ` +
        `is using DATA_DIR ${dataDir} (its PostgreSQL: PID ${postgres.pid}, port ${postgres.port}). ` +
        'Stop it first, or give this server another DATA_DIR.',
    );
  }
}

const USER = 'coldwatch';
const DATABASE = 'coldwatch';
const READY_TIMEOUT_MS = 120_000;
const START_ATTEMPTS = 5;

async function passwordOf(dataDir: string): Promise<string> {
  const file = join(dataDir, 'postgres-password');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    await chmod(file, 0o600);
    return (await readFile(file, 'utf8')).trim();
  }
}

/**
 * As root, PostgreSQL runs as the user postgres, which must pass through DATA_DIR to reach its cluster: a DATA_DIR
 * closed to others (mkdtemp makes them so) is opened for passing through, not for reading (o+x).
 */
async function letPostgresThrough(dataDir: string, log: EmbeddedLog): Promise<void> {
  if (userInfo().uid !== 0) return;
  const { mode } = await stat(dataDir);
  if (mode & 0o001) return;
  await chmod(dataDir, mode | 0o001);
  log.info(`let the user postgres pass through ${dataDir} (o+x) to reach its cluster`);
}

/**
 * Where the cluster of `dataDir` lives: its `postgres` folder, or, where the user postgres cannot pass through
 * DATA_DIR's parents (a checkout under /root, run as root), a folder of its own under ROOT_PLACES that
 * DATA_DIR/postgres links to, so the data is still found through DATA_DIR.
 */
async function clusterHome(dataDir: string, log: EmbeddedLog): Promise<string> {
  const inDataDir = clusterDirOf(dataDir);
  if (await reachableByPostgres(dataDir)) return inDataDir;
  const linked = await readlink(inDataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new Error(
      `${inDataDir} is closed to the user postgres: give DATA_DIR a folder it can pass through`,
    );
  });
  if (linked) return linked;
  const home = join(ROOT_PLACES, 'clusters', createHash('sha256').update(dataDir).digest('hex').slice(0, 16));
  await mkdir(dirname(home), { recursive: true, mode: 0o755 });
  await symlink(home, inDataDir);
  log.info(
    `the user postgres cannot pass through ${dataDir}: its cluster lives in ${home}, linked from ${inDataDir}`,
  );
  return home;
}

const urlOf = (password: string, port: number, database: string) =>
  `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** Creates the application database on first use (two starting at once: one creates it, the other finds it). */
async function ensureDatabase(password: string, port: number): Promise<void> {
  const admin = new pg.Client({ connectionString: urlOf(password, port, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0)
      await admin.query(`CREATE DATABASE ${DATABASE}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error;
      });
  } finally {
    await admin.end();
  }
}

/** Waits until the postmaster of `pgDir` says it is ready (crash recovery can take a while after SIGKILL). */
async function untilReady(pgDir: string, deadline: number) {
  for (;;) {
    const state = await runningPostmaster(pgDir);
    if (state?.status === 'ready') return state;
    if (Date.now() > deadline) throw new Error(`the embedded PostgreSQL in ${pgDir} did not become ready`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Opens the embedded PostgreSQL of `options.dataDir` (docs/decisions/, "An embedded PostgreSQL"): makes the
 * cluster on first use, starts it when nobody runs it, or takes over one a killed server left running; a tool
 * beside a running server uses that server's cluster; a second server is refused (DataDirInUseError).
 */
export async function openEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir);
  const { log } = options;
  await mkdir(dataDir, { recursive: true });
  await letPostgresThrough(dataDir, log);
  const pgDir = await clusterHome(dataDir, log);
  const password = await passwordOf(dataDir);
  if (!isInitialised(pgDir)) {
    log.info(`making the embedded PostgreSQL in ${pgDir}`);
    await initialise(pgDir, { user: USER, password });
  }
  const me: Holder = {
    role: options.role,
    pid: process.pid,
    ...(options.httpPort ? { httpPort: options.httpPort } : {}),
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (let failedStarts = 0; ;) {
    let startedHere = false;
    if (!(await runningPostmaster(pgDir))) {
      try {
        await startCluster(pgDir, 0, options.settings);
        startedHere = true;
      } catch (error) {
        // Another process started it first: use that one. Or the backends of a postmaster that was killed
        // still hold its shared memory for a moment: try again shortly.
        if (!(await runningPostmaster(pgDir))) {
          if (++failedStarts >= START_ATTEMPTS) throw error;
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
      }
    }
    const postmaster = await untilReady(pgDir, deadline);
    let lost: Error | undefined;
    const lock = await OwnerLock.connect(urlOf(password, postmaster.port, 'postgres'), me, (error) => {
      lost = error;
    }).catch((error: unknown) => {
      if (Date.now() > deadline) throw error;
      return undefined;
    });
    if (!lock) continue;
    const opened = (owner: boolean): EmbeddedPostgres => ({
      url: urlOf(password, postmaster.port, DATABASE),
      location: `${pgDir} (embedded PostgreSQL, port ${postmaster.port})`,
      owner,
      async stop() {
        await lock.release();
        if (owner) await stopCluster(pgDir);
      },
    });
    if (await lock.tryTake()) {
      if (!startedHere) {
        log.warn(
          `took over the embedded PostgreSQL left running (PID ${postmaster.pid}, port ${postmaster.port})`,
        );
      }
      await ensureDatabase(password, postmaster.port);
      return opened(true);
    }
    const holder = await lock.holder();
    if (holder && !alive(holder.pid)) {
      await lock.endSessionOf(holder);
      await lock.release();
      continue;
    }
    if (holder?.role === 'server') {
      if (options.role === 'tool') return opened(false);
      await lock.release();
      throw new DataDirInUseError(dataDir, holder, postmaster);
    }
    // A tool owns it for the moment: wait until it has finished (it stops the cluster, or lets go of it).
    log.info(`waiting for a Coldwatch tool (PID ${holder?.pid ?? '?'}) to finish with ${pgDir}`);
    const taken = await lock.take().then(
      () => !lost,
      () => false,
    );
    if (taken) {
      await ensureDatabase(password, postmaster.port);
      return opened(true);
    }
    await lock.release();
  }
}
