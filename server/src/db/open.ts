import { createDatabase, type DatabaseHandle } from './client';
import { openEmbeddedPostgres, type EmbeddedLog } from './embedded';
import type { Role } from './embedded/owner';
import { carryOverPglite } from './pgliteCarryOver';

export interface OpenOptions {
  /** DATABASE_URL: that PostgreSQL; unset: the embedded one under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  role: Role;
  httpPort?: number;
  log: EmbeddedLog;
}

/**
 * The database the configuration names, as a pool: the PostgreSQL of DATABASE_URL, or the embedded one in
 * DATA_DIR (started, taken over or shared: embedded/index.ts), into which a store of an earlier version
 * (DATA_DIR/pglite) is carried over on first use. close() ends the pool and, for the cluster's owner, the cluster.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return createDatabase(options.databaseUrl);
  const embedded = await openEmbeddedPostgres(options);
  try {
    if (embedded.owner) await carryOverPglite(options.dataDir, embedded.url, options.log);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  const handle = createDatabase(embedded.url, embedded.location);
  return {
    ...handle,
    async close() {
      await handle.close();
      await embedded.stop();
    },
  };
}
