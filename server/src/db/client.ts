import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

/** The Drizzle database both drivers give, so services never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /** Where the data lives, for the start banner (never includes a password). */
  location: string;
  close(): Promise<void>;
} & ({ driver: 'pglite'; client: PGlite } | { driver: 'pg'; pool: pg.Pool });

export interface DatabaseOptions {
  /** PostgreSQL connection URL; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
}

/**
 * The embedded database's own page cache, inside its WebAssembly memory, which never shrinks. PGlite's 128 MB
 * default doubled what the operating system already caches of the same files: 32 MB holds the demo's whole
 * database and keeps the idle server about 100 MB smaller (docs/benchmarks.md, "Memory").
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    // An idle connection ended by the server (restart, failover, DROP … FORCE) would otherwise crash the process:
    // the pool discards it and opens a new one on next use, and a query in flight reports its own error.
    pool.on('error', () => undefined);
    // The pool listens only to idle connections: one ended while checked out (inside a transaction, between two of
    // its statements) would crash the process too; its next statement fails instead.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const url = new URL(options.databaseUrl);
    url.password = '';
    return {
      driver: 'pg',
      pool,
      db: drizzlePg(pool, { schema }),
      location: url.toString(),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  return {
    driver: 'pglite',
    client,
    db: drizzlePglite(client, { schema }),
    location: options.pgliteDir ?? 'memory',
    close: () => client.close(),
  };
}

export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');
