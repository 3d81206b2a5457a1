import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant shared by all instances; it names the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 727_001;

/** Applies the committed SQL migrations that the database has not seen yet. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    await migratePglite(drizzlePglite(handle.client), { migrationsFolder });
    return;
  }
  // Several instances may start together against one PostgreSQL: hold a session-level advisory lock on one
  // connection so exactly one of them migrates while the others wait and then find nothing left to do.
  const connection = await handle.pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(connection), { migrationsFolder });
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    connection.release();
  }
}
