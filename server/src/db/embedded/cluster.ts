import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { binaries, postgresUser } from './package';

const run = promisify(execFile);

/** The settings file the server writes into the cluster at every start; postgresql.conf includes it first. */
const SETTINGS_FILE = 'coldwatch.conf';

/**
 * The embedded cluster's settings, sized for one small server beside the app (docs/benchmarks.md, "Memory"):
 * 32 MB of shared buffers hold the demo's whole database (the operating system caches the files as well), one I/O
 * worker instead of three, no JIT. Durability is PostgreSQL's default (fsync, full-page writes, synchronous
 * commit), which the crash tests rely on. Lines added to postgresql.conf override these (the include comes first).
 */
const CLUSTER_SETTINGS: Record<string, string> = {
  listen_addresses: "'127.0.0.1'",
  unix_socket_directories: "''",
  max_connections: '50',
  shared_buffers: "'32MB'",
  io_workers: '1',
  jit: 'off',
  huge_pages: 'off',
  logging_collector: 'on',
  log_directory: "'log'",
  log_filename: "'postgresql-%a.log'",
  log_truncate_on_rotation: 'on',
  log_rotation_age: "'1d'",
  log_rotation_size: '0',
  log_checkpoints: 'off',
};

export interface PostmasterState {
  pid: number;
  port: number;
  /** pg_ctl's word for it: 'starting', 'ready', 'stopping' or 'standby'. */
  status: string;
}

/**
 * Whether process `pid` runs (one of another user's counts). A killed process that its parent has not reaped yet
 * (a zombie) does not: it still answers signals, but it holds no port and no lock any more.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = statOf(pid);
  return stat === undefined || !/^\d+ \(.*\) Z/.test(stat);
}

/** /proc/<pid>/stat, where there is a /proc (Linux). */
function statOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Whether `pid` is the postmaster of `pgDir`: alive, and (where /proc tells) started on that directory, so that a
 * PID the system gave to another process since a crash is not taken for it.
 */
function postmasterOf(pgDir: string, pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(realpathSync(pgDir));
  } catch {
    return true;
  }
}

/**
 * The running postmaster of cluster `pgDir`, from its postmaster.pid (PostgreSQL's own lock on the directory:
 * PID, data directory, start time, port, socket directory, listen address, shared memory key, status); undefined
 * when none runs (no file, or a file its dead postmaster left behind).
 */
export async function runningPostmaster(pgDir: string): Promise<PostmasterState | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(join(pgDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !postmasterOf(pgDir, pid)) return undefined;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() || 'starting' };
}

export const isInitialised = (pgDir: string) => existsSync(join(pgDir, 'PG_VERSION'));

/**
 * Makes cluster `pgDir` with superuser `user` and `password` (scram-sha-256 on every connection) with the package's
 * initdb, run as the user PostgreSQL runs as (package.ts). initdb works in a folder beside it that is renamed at the
 * end, so an interrupted first start leaves no half-made cluster.
 */
export async function initialise(
  pgDir: string,
  credentials: { user: string; password: string },
): Promise<void> {
  const building = `${pgDir}.initdb-${randomBytes(4).toString('hex')}`;
  const passwordFile = join(tmpdir(), `coldwatch-initdb-${randomBytes(6).toString('hex')}`);
  const { initdb } = await binaries();
  const user = await postgresUser();
  await mkdir(building, { recursive: true, mode: 0o700 });
  await writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if ('uid' in user) {
    await chown(building, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  try {
    await asPostgres(initdb, [
      `--pgdata=${building}`,
      '--auth=scram-sha-256',
      `--username=${credentials.user}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ]);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw new Error(`initdb could not make the embedded database in ${pgDir}`, { cause: error });
  } finally {
    await rm(passwordFile, { force: true });
  }
  const conf = join(building, 'postgresql.conf');
  const own = `# Coldwatch writes ${SETTINGS_FILE} at every start; settings below this line override it.\n`;
  await writeFile(conf, `${own}include_if_exists = '${SETTINGS_FILE}'\n\n${await readFile(conf, 'utf8')}`);
  await rename(building, pgDir);
}

/** A TCP port nobody listens on now, on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function asPostgres(program: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  const user = await postgresUser();
  // LC_MESSAGES=C: the log and pg_ctl's output in English whatever the machine's locale.
  return run(program, args, { ...user, env: { ...process.env, LC_MESSAGES: 'C' }, timeout: 120_000 });
}

/**
 * Starts cluster `pgDir` with pg_ctl on `port` (a free one when 0) and waits until it accepts connections; the
 * postmaster runs detached, so it outlives a server killed with SIGKILL (the next start finds and uses it).
 * Answers the port. `settings` add to CLUSTER_SETTINGS (the test suite turns durability off).
 */
export async function startCluster(
  pgDir: string,
  port: number,
  settings: Record<string, string> = {},
): Promise<number> {
  const { pg_ctl } = await binaries();
  const lines = Object.entries({ ...CLUSTER_SETTINGS, ...settings }).map(([k, v]) => `${k} = ${v}`);
  await writeFile(
    join(pgDir, SETTINGS_FILE),
    `# Written by Coldwatch at every start.\n${lines.join('\n')}\n`,
  );
  await mkdir(join(pgDir, 'log'), { recursive: true });
  const user = await postgresUser();
  if ('uid' in user) {
    await chown(join(pgDir, SETTINGS_FILE), user.uid, user.gid);
    await chown(join(pgDir, 'log'), user.uid, user.gid);
  }
  const chosen = port || (await freePort());
  try {
    await asPostgres(pg_ctl, [
      'start',
      '--wait',
      '--timeout=120',
      `--pgdata=${pgDir}`,
      `--log=${join(pgDir, 'log', 'pg_ctl.log')}`,
      `--options=-p ${chosen}`,
    ]);
  } catch (error) {
    const log = await readFile(join(pgDir, 'log', 'pg_ctl.log'), 'utf8').catch(() => '');
    throw new Error(`the embedded PostgreSQL did not start:\n${log.split('\n').slice(-8).join('\n')}`, {
      cause: error,
    });
  }
  return chosen;
}

/** Stops cluster `pgDir` ('fast': sessions are ended, everything committed is kept, no recovery at next start). */
export async function stopCluster(pgDir: string, mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
  if (!(await runningPostmaster(pgDir))) return;
  const { pg_ctl } = await binaries();
  await asPostgres(pg_ctl, ['stop', '--wait', '--timeout=60', `--pgdata=${pgDir}`, `--mode=${mode}`]).catch(
    async (error: unknown) => {
      if (await runningPostmaster(pgDir)) throw error;
    },
  );
}

/** The folder the cluster of data folder `dataDir` lives in. */
export const clusterDirOf = (dataDir: string) => join(dataDir, 'postgres');
