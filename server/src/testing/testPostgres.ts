import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type DatabaseHandle, withConnection } from '../db/client';
import { openEmbeddedPostgres, clusterDirOf } from '../db/embedded';
import { APPLICATION_NAME } from '../db/pool';
import * as schema from '../db/schema';
import { alive, stopCluster } from '../db/embedded/cluster';

/**
 * The PostgreSQL a test run uses: its own embedded cluster (the product's, db/embedded) in a temporary folder, or
 * the server at TEST_DATABASE_URL (an administrator's URL, e.g. postgres://postgres@127.0.0.1:5432/postgres).
 * The suite needs no PostgreSQL service; docs/benchmarks.md has what each costs.
 */
export interface TestPostgres {
  /** A superuser's URL of a maintenance database on it. */
  adminUrl: string;
  stop(): Promise<void>;
}

const PREFIX = 'coldwatch-test-postgres-';

/** Speed over durability: a test cluster is thrown away at the end of the run (never the product's settings). */
const TEST_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: '300',
};

/** Clusters of runs that were killed before their teardown: stopped and removed, so they do not pile up. */
async function removeAbandoned(): Promise<void> {
  for (const name of await readdir(tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(await readFile(join(dir, 'run.pid'), 'utf8').catch(() => '0'));
    if (owner && alive(owner)) continue;
    await stopCluster(clusterDirOf(dir), 'immediate').catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => undefined };
  await removeAbandoned();
  const dataDir = await mkdtemp(join(tmpdir(), PREFIX));
  await writeFile(join(dataDir, 'run.pid'), String(process.pid));
  const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
  const embedded = await openEmbeddedPostgres({
    dataDir,
    role: 'server',
    log: quiet,
    settings: TEST_SETTINGS,
  });
  const adminUrl = new URL(embedded.url);
  adminUrl.pathname = '/postgres';
  return {
    adminUrl: adminUrl.toString(),
    async stop() {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops database `name` once its connections have gone (pool.end() resolves before they do, and forcing them
 * closed mid-goodbye makes pg throw an uncaught error in the pool); whatever is left after a second is forced.
 */
export function dropDatabase(adminUrl: string, name: string): Promise<void> {
  return withConnection(adminUrl, async (client) => {
    const deadline = Date.now() + 1000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]!.n === 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

/**
 * A handle on database `url` for seeding the run's templates: the server's pool without its deadlines (a connection
 * within 3 s, an answer within 4 s). The templates are seeded while every worker starts up, and on a loaded two-core
 * machine a healthy database can take longer than that. The tests' own databases keep the server's pool.
 */
export function patientDatabase(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: APPLICATION_NAME });
  // As the server's pool does: a connection the database ends (DROP … WITH (FORCE)) must not crash the run.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => void client.on('error', () => undefined));
  return { db: drizzle(pool, { schema }), pool, url, location: url, close: () => pool.end() };
}
