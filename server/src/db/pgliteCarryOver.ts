import { existsSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { withConnection } from './client';
import type { EmbeddedLog } from './embedded';
import type { Query, TableOfBackup } from './backup/catalog';
import { qualified, quoted } from './backup/catalog';
import { writeBackup } from './backup/file';
import { restoreDatabase } from './backup/postgres';

/** Where versions before the embedded PostgreSQL kept their database (PGlite, PostgreSQL in WebAssembly). */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

/** Left in the PGlite folder once its data is in PostgreSQL; the folder is then never read again. */
const NOTE = 'CARRIED-OVER.txt';

/** A table's rows from PGlite, as COPY text (PGlite copies to a blob, not to a stream). */
async function* copyOut(store: PGlite, table: TableOfBackup): AsyncGenerator<string> {
  const columns = table.columns.map(quoted).join(', ');
  const result = await store.query(`COPY (SELECT ${columns} FROM ${qualified(table)}) TO '/dev/blob'`);
  if (result.blob) yield await result.blob.text();
}

/**
 * Carries the store of an earlier version (DATA_DIR/pglite) over into the embedded PostgreSQL at `url`, once:
 * every table of it, through the backup format (backup/), into an empty database in one transaction. The old
 * folder is kept, with a note saying so, until the operator deletes it. The only use of PGlite left: reading it
 * needs PGlite itself, and its dump tool's output (SQL for PostgreSQL 17) would need psql to load.
 */
export async function carryOverPglite(dataDir: string, url: string, log: EmbeddedLog): Promise<void> {
  const dir = pgliteDirOf(resolve(dataDir));
  if (!existsSync(join(dir, 'PG_VERSION')) || existsSync(join(dir, NOTE))) return;
  const note = (what: string) =>
    writeFile(
      join(dir, NOTE),
      `${what} on ${new Date().toISOString()}. Coldwatch no longer reads this folder: delete it once you have ` +
        'checked the data in the new database.\n',
    );
  const migrated = await withConnection(url, async (client) => {
    const { rows } = await client.query<{ present: boolean }>(
      `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
    );
    return rows[0]!.present;
  });
  if (migrated) {
    // Carried over by a start that ended before it could leave the note.
    await note('This PGlite store was already in the embedded PostgreSQL (DATA_DIR/postgres)');
    return;
  }
  log.info(`carrying the database of an earlier version (${dir}) over into the embedded PostgreSQL`);
  const file = join(resolve(dataDir), 'pglite-carry-over.backup');
  const store = new PGlite(dir);
  try {
    const query: Query = async <Row>(text: string, params?: unknown[]) =>
      (await store.query<Row>(text, params)).rows;
    await writeBackup({ query, copyOut: (table) => copyOut(store, table) }, createWriteStream(file));
  } finally {
    await store.close();
  }
  const { header, rows } = await restoreDatabase(url, file);
  await note('This PGlite store was copied into the embedded PostgreSQL (DATA_DIR/postgres)');
  await rm(file, { force: true });
  log.warn(
    `carried ${header.tables.length} tables (${rows} rows) over from ${dir} into the embedded PostgreSQL; ` +
      'that folder is kept: delete it once you have checked the data',
  );
}
