import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { copyPgliteTemplate } from './pgliteTemplate';
import { dropDatabase, postgresAnswers, postgresUrlOf, withAdmin } from './postgresAdmin';
import { migrateAndSeed, type SeededTemplates, type SeedVariant } from './seededTemplates';

export type TestDatabase = DatabaseHandle & { dispose(): Promise<void> };

export interface TestBackend {
  name: 'pglite' | 'postgres';
  /** False when PostgreSQL does not answer: its suites are skipped, not failed. */
  available: boolean;
  /** A fresh, empty database; dispose() closes it and, for PostgreSQL, drops it. */
  open(): Promise<TestDatabase>;
  /** A fresh database, migrated and seeded with the demo (`variant`); dispose() as for open(). */
  openSeeded(variant: SeedVariant): Promise<TestDatabase>;
}

/** The run's seeded databases (server/src/testing/globalSetup.ts); absent when a run has no global setup. */
const seeded = () => inject('seededTemplates') as SeededTemplates | undefined;

async function pgliteIn(fill: (dir: string) => Promise<void>): Promise<TestDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'coldwatch-test-'));
  await fill(dir);
  const handle = createDatabase({ pgliteDir: dir });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A copy of a fresh database in a temporary directory (creating one takes seconds): fast, and always there. */
export const PGLITE_BACKEND: TestBackend = {
  name: 'pglite',
  available: true,
  open: () => pgliteIn(copyPgliteTemplate),
  async openSeeded(variant) {
    const template = seeded()?.pglite[variant];
    if (template) return pgliteIn((dir) => cp(template, dir, { recursive: true }));
    const handle = await this.open();
    await migrateAndSeed(handle, variant);
    return handle;
  },
};

async function postgresDatabase(template?: string): Promise<TestDatabase> {
  const name = `coldwatch_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const handle = createDatabase({ databaseUrl: postgresUrlOf(name) });
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await dropDatabase(name);
    },
  };
}

const postgres: TestBackend = {
  name: 'postgres',
  available: postgresAnswers,
  open: () => postgresDatabase(),
  async openSeeded(variant) {
    const template = seeded()?.postgres?.[variant];
    if (template) return postgresDatabase(template);
    const handle = await this.open();
    await migrateAndSeed(handle, variant);
    return handle;
  },
};

export const TEST_BACKENDS: readonly TestBackend[] = [PGLITE_BACKEND, postgres];

/** Runs a suite once per database back-end; the PostgreSQL run is skipped when no server answers. */
export function describeEachBackend(title: string, suite: (backend: TestBackend) => void): void {
  for (const backend of TEST_BACKENDS) {
    describe.skipIf(!backend.available)(`${title} [${backend.name}]`, () => suite(backend));
  }
}
