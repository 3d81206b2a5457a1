import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createPool } from './pool';
import * as schema from './schema';

/** The Drizzle database the services use (over node-postgres; transactions have the same type). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** The connection URL, for work that needs a connection of its own without the pool's timeouts (migrations). */
  url: string;
  /** Where the data lives, for the start banner (never includes a password). */
  location: string;
  close(): Promise<void>;
}

/** `url` without its password, for logs and the banner. */
function withoutPassword(url: string): string {
  const shown = new URL(url);
  shown.password = '';
  return shown.toString();
}

/** A pool on the PostgreSQL at `url` and the Drizzle database over it. */
export function createDatabase(url: string, location = withoutPassword(url)): DatabaseHandle {
  const pool = createPool(url);
  return { db: drizzle(pool, { schema }), pool, url, location, close: () => pool.end() };
}

/** One connection without the pool's timeouts, for work that may rightly take long (migrations, backups). */
export async function withConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
