import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { copyPgliteTemplate } from './pgliteTemplate';

/** A maintenance connection to the PostgreSQL the tests may use (trust auth on the CI machines). */
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** False when PostgreSQL does not answer: its suites are skipped, not failed. */
  available: boolean;
  /** A fresh, empty database; dispose() closes it and, for PostgreSQL, drops it. */
  open(): Promise<DatabaseHandle & { dispose(): Promise<void> }>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresAnswers = await withAdmin((client) => client.query('SELECT 1')).then(
  () => true,
  () => false,
);

/** A copy of a fresh database in a temporary directory (creating one takes seconds): fast, and always there. */
export const PGLITE_BACKEND: TestBackend = {
  name: 'pglite',
  available: true,
  async open() {
    const dir = await mkdtemp(join(tmpdir(), 'coldwatch-test-'));
    await copyPgliteTemplate(dir);
    const handle = createDatabase({ pgliteDir: dir });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: TestBackend = {
  name: 'postgres',
  available: postgresAnswers,
  async open() {
    const name = `coldwatch_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const handle = createDatabase({ databaseUrl: url.toString() });
    return {
      ...handle,
      async dispose() {
        await handle.close();
        await withAdmin(async (client) => {
          // pool.end() resolves before its connections have gone; forcing them closed mid-goodbye makes pg throw an
          // uncaught error in the pool. Wait (briefly) for them to leave, then force whatever is left.
          for (let i = 0; i < 50; i++) {
            const { rows } = await client.query(
              'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
              [name],
            );
            if ((rows[0] as { n: number }).n === 0) break;
            await new Promise((r) => setTimeout(r, 20));
          }
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        });
      },
    };
  },
};

export const TEST_BACKENDS: readonly TestBackend[] = [PGLITE_BACKEND, postgres];

/** Runs a suite once per database back-end; the PostgreSQL run is skipped when no server answers. */
export function describeEachBackend(title: string, suite: (backend: TestBackend) => void): void {
  for (const backend of TEST_BACKENDS) {
    describe.skipIf(!backend.available)(`${title} [${backend.name}]`, () => suite(backend));
  }
}
