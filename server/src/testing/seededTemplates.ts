import type { DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed';
import { cheapenDemoPasswords } from './passwords';
import { withConnection } from '../db/client';
import { databaseUrlOf, dropDatabase, patientDatabase } from './testPostgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL and its seeded template databases (globalSetup.ts), which backends.ts copies. */
    testDatabase: TestDatabaseServer;
  }
}

/** What a test database is seeded with: the demo tenants, users and fleet, and optionally their dashboards. */
export type SeedVariant = 'plain' | 'dashboards';
const SEED_VARIANTS: readonly SeedVariant[] = ['plain', 'dashboards'];

export interface TestDatabaseServer {
  adminUrl: string;
  /** A migrated and seeded template database of each variant. */
  templates: Record<SeedVariant, string>;
}

/** Migrates and seeds an open database as useTestApp does, its demo passwords at the tests' cost. */
async function migrateAndSeed(handle: DatabaseHandle, variant: SeedVariant): Promise<void> {
  await migrate(handle);
  await seedDemo(handle.db, { dashboards: variant === 'dashboards' });
  await cheapenDemoPasswords(handle.db);
}

async function seededTemplate(adminUrl: string, run: string, variant: SeedVariant): Promise<string> {
  const name = `coldwatch_seeded_${run}_${variant}`;
  await withConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const handle = patientDatabase(databaseUrlOf(adminUrl, name));
  await migrateAndSeed(handle, variant);
  await handle.close();
  return name;
}

/**
 * Seeds one template database of each variant for the whole run, so that a suite's database is a copy
 * (CREATE DATABASE … TEMPLATE, about 0.1 s) instead of migrating and seeding its own (1.5–2.5 s, about ninety
 * times a run).
 */
export async function makeSeededTemplates(adminUrl: string): Promise<Record<SeedVariant, string>> {
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const names = await Promise.all(SEED_VARIANTS.map((variant) => seededTemplate(adminUrl, run, variant)));
  return Object.fromEntries(SEED_VARIANTS.map((variant, i) => [variant, names[i]])) as Record<
    SeedVariant,
    string
  >;
}

export async function removeSeededTemplates(server: TestDatabaseServer): Promise<void> {
  for (const name of Object.values(server.templates)) await dropDatabase(server.adminUrl, name);
}
