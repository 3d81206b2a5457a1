import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { copyPgliteTemplate } from './pgliteTemplate';
import { postgresAnswers, postgresUrlOf, waitUntilUnused, withAdmin } from './postgresAdmin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded databases that useTestApp copies (backends.ts), made by globalSetup.ts. */
    seededTemplates: SeededTemplates;
  }
}

/** What a test database is seeded with: the demo tenants, users and fleet, and optionally their dashboards. */
export type SeedVariant = 'plain' | 'dashboards';
export const SEED_VARIANTS: readonly SeedVariant[] = ['plain', 'dashboards'];

/** Where a run's seeded databases are: PGlite data directories, and PostgreSQL template databases when one answers. */
export interface SeededTemplates {
  pglite: Record<SeedVariant, string>;
  postgres: Record<SeedVariant, string> | null;
}

/** Migrates and seeds an open database as useTestApp does (seeding hashes passwords, which is slow on purpose). */
export async function migrateAndSeed(handle: DatabaseHandle, variant: SeedVariant): Promise<void> {
  await migrate(handle);
  await seedDemo(handle.db, { dashboards: variant === 'dashboards' });
}

async function seededPgliteDir(variant: SeedVariant): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `coldwatch-seeded-${variant}-`));
  await copyPgliteTemplate(dir);
  const handle = createDatabase({ pgliteDir: dir });
  await migrateAndSeed(handle, variant);
  await handle.close();
  return dir;
}

async function seededPostgresTemplate(run: string, variant: SeedVariant): Promise<string> {
  const name = `coldwatch_seeded_${run}_${variant}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const handle = createDatabase({ databaseUrl: postgresUrlOf(name) });
  await migrateAndSeed(handle, variant);
  await handle.close();
  await waitUntilUnused(name);
  return name;
}

/**
 * Seeds one database of each variant for the whole run, on each back-end, so a suite copies a seeded database
 * (about 0.2 s) instead of migrating and seeding its own (1.5–2.5 s, about ninety times a run).
 */
export async function makeSeededTemplates(): Promise<SeededTemplates> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const each = <T>(make: (variant: SeedVariant) => Promise<T>) =>
    Promise.all(SEED_VARIANTS.map(make)).then(
      (made) =>
        Object.fromEntries(SEED_VARIANTS.map((variant, i) => [variant, made[i]])) as Record<SeedVariant, T>,
    );
  const [pglite, postgres] = await Promise.all([
    each(seededPgliteDir),
    postgresAnswers ? each((variant) => seededPostgresTemplate(run, variant)) : Promise.resolve(null),
  ]);
  return { pglite, postgres };
}

export async function removeSeededTemplates(templates: SeededTemplates): Promise<void> {
  await Promise.all(Object.values(templates.pglite).map((dir) => rm(dir, { recursive: true, force: true })));
  if (templates.postgres) {
    const names = Object.values(templates.postgres);
    await withAdmin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }
}
