import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateDrizzle } from 'drizzle-orm/node-postgres/migrator';
import { withConnection } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any constant shared by all instances; it names the advisory lock that serialises migrations. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Applies the committed SQL migrations that the database at `url` has not seen yet, on a connection of its own:
 * a migration may rightly take longer than the pool lets a request's query take.
 */
export async function migrate(handle: { url: string }): Promise<void> {
  // Several instances may start together against one PostgreSQL: hold a session-level advisory lock on one
  // connection so exactly one of them migrates while the others wait and then find nothing left to do.
  await withConnection(handle.url, async (connection) => {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrateDrizzle(drizzle(connection), { migrationsFolder });
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    }
  });
}
