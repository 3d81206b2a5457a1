import { randomBytes } from 'node:crypto';
import { describe, inject } from 'vitest';
import { createDatabase, type DatabaseHandle, withConnection } from '../db/client';
import type { SeedVariant, TestDatabaseServer } from './seededTemplates';
import { databaseUrlOf, dropDatabase } from './testPostgres';

export type TestDatabase = DatabaseHandle & {
  /** The database's name on the run's PostgreSQL. */
  name: string;
  /** Closes the pool and drops the database. */
  dispose(): Promise<void>;
};

export interface TestBackend {
  /** A fresh, empty database. */
  open(): Promise<TestDatabase>;
  /** A fresh database, migrated and seeded with the demo (`variant`): a copy of the run's template. */
  openSeeded(variant: SeedVariant): Promise<TestDatabase>;
}

/** The run's PostgreSQL (server/src/testing/globalSetup.ts). */
export function testDatabaseServer(): TestDatabaseServer {
  const server = inject('testDatabase') as TestDatabaseServer | undefined;
  if (!server)
    throw new Error('server tests run in the server project, whose global setup starts PostgreSQL');
  return server;
}

async function freshDatabase(template?: string): Promise<TestDatabase> {
  const { adminUrl } = testDatabaseServer();
  const name = `coldwatch_test_${randomBytes(6).toString('hex')}`;
  await withConnection(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const handle = createDatabase(databaseUrlOf(adminUrl, name));
  return {
    ...handle,
    name,
    async dispose() {
      await handle.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Databases of the run's PostgreSQL: a new one per test file (or per describe), never shared. */
export const TEST_BACKEND: TestBackend = {
  open: () => freshDatabase(),
  openSeeded: (variant) => freshDatabase(testDatabaseServer().templates[variant]),
};

/**
 * Runs a suite on the test database. It ran once per back-end while the embedded database was PGlite; with one
 * engine everywhere it runs once, and keeps its name for the suites written with it.
 */
export function describeEachBackend(title: string, suite: (backend: TestBackend) => void): void {
  describe(title, () => suite(TEST_BACKEND));
}
