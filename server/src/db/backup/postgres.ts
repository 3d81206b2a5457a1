import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { withConnection } from '../client';
import { migrationsFolder } from '../migrate';
import { APPLICATION_NAME } from '../pool';
import { qualified, quoted, type Query, type TableOfBackup } from './catalog';
import { BackupFileError, openBackup, writeBackup, type BackupHeader } from './file';

const queryOn =
  (client: pg.Client): Query =>
  async <Row>(text: string, params?: unknown[]) =>
    (await client.query(text, params)).rows as Row[];

const selectOf = (table: TableOfBackup) =>
  `SELECT ${table.columns.map(quoted).join(', ')} FROM ${qualified(table)}`;

/** Backs up the database at `url` into file `path` (written beside it, then renamed: never half a file). */
export async function backupDatabase(url: string, path: string): Promise<BackupHeader> {
  const partial = `${path}.partial`;
  try {
    const header = await withConnection(url, async (client) => {
      // One snapshot for every table: the backup is the database as it was at one moment, while it keeps working.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const written = await writeBackup(
        {
          query: queryOn(client),
          copyOut: (table) => client.query(copyTo(`COPY (${selectOf(table)}) TO STDOUT`)),
        },
        createWriteStream(partial, { mode: 0o600 }),
      );
      await client.query('COMMIT');
      return written;
    });
    await rename(partial, path);
    return header;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Loads `rows` into `table`; answers how many. */
async function loadTable(
  client: pg.Client,
  table: TableOfBackup,
  rows: AsyncIterable<string>,
): Promise<number> {
  const stream = client.query(
    copyFrom(`COPY ${qualified(table)} (${table.columns.map(quoted).join(', ')}) FROM STDIN`),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let batch = '';
  let count = 0;
  try {
    for await (const row of rows) {
      count++;
      batch += `${row}\n`;
      if (batch.length < 65_536) continue;
      if (!stream.write(batch)) await new Promise((r) => stream.once('drain', r));
      batch = '';
    }
  } catch (error) {
    // The file ended early or broke: the COPY is abandoned (CopyFail), so the transaction can roll back.
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  stream.end(batch);
  await done;
  return count;
}

/** The schema of the backup's migrations, applied as Drizzle's migrator applies them (it cannot run in our transaction). */
async function applyMigrationsOf(client: pg.Client, header: BackupHeader): Promise<void> {
  const code = readMigrationFiles({ migrationsFolder });
  if (header.migrations.length > code.length) {
    throw new BackupFileError(
      `the backup was made by a newer Coldwatch (${header.migrations.length} migrations, this one has ` +
        `${code.length}): restore it with that version or a later one`,
    );
  }
  header.migrations.forEach((migration, i) => {
    if (migration.hash !== code[i]!.hash)
      throw new BackupFileError(
        `migration ${i + 1} of the backup is not this version's: it cannot be restored here`,
      );
  });
  await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
  await client.query(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  for (const migration of code.slice(0, header.migrations.length)) {
    for (const statement of migration.sql) await client.query(statement);
  }
}

export interface RestoreOptions {
  /** Drop what the database holds first (in the same transaction: it stays as it was if the restore fails). */
  replace?: boolean;
}

/**
 * Restores backup file `path` into the database at `url`, in one transaction: the schema of the migrations the
 * backup had, every table's rows, every sequence's value. The server applies later migrations at its next start.
 * Refused while a Coldwatch server is connected, and into a database that holds tables unless `replace`.
 */
export async function restoreDatabase(
  url: string,
  path: string,
  options: RestoreOptions = {},
): Promise<{ header: BackupHeader; rows: number }> {
  const backup = await openBackup(path);
  try {
    return await withConnection(url, async (client) => {
      const query = queryOn(client);
      const [servers] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
        [APPLICATION_NAME],
      );
      if (servers!.n > 0)
        throw new BackupFileError(
          `${servers!.n} connections of a running Coldwatch server are open: stop it first`,
        );
      await client.query('BEGIN');
      try {
        if (options.replace) {
          await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
          await client.query('DROP SCHEMA IF EXISTS public CASCADE');
          await client.query('CREATE SCHEMA public');
        }
        const [tables] = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
        );
        if (tables!.n > 0)
          throw new BackupFileError(
            'the database already holds tables: restore into an empty one, or replace it',
          );
        await applyMigrationsOf(client, backup.header);
        let loaded = 0;
        for await (const { table, rows } of backup.tables()) loaded += await loadTable(client, table, rows);
        for (const sequence of backup.header.sequences) {
          if (sequence.value === null) continue;
          await client.query('SELECT setval($1::regclass, $2::bigint, true)', [
            qualified(sequence),
            sequence.value,
          ]);
        }
        await client.query('COMMIT');
        return { header: backup.header, rows: loaded };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  } finally {
    backup.close();
  }
}
