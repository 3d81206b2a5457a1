import { createReadStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import {
  migrationsOf,
  sequencesOf,
  tablesOf,
  type MigrationOfBackup,
  type Query,
  type SequenceOfBackup,
  type TableOfBackup,
} from './catalog';

/**
 * A backup file, gzipped text: this first line; the header (JSON: the migrations the database had, its sequences,
 * its tables in the order they load); then each table as a line of JSON, its rows in PostgreSQL's COPY text
 * format, and a line `\.` (which no row can be: COPY writes a backslash as `\\`). Text, not pg_dump's custom
 * format: no pg_dump for PostgreSQL 18 comes from the registries this project installs from (docs/decisions/).
 */
const FIRST_LINE = 'COLDWATCH BACKUP 1';
const END_OF_TABLE = '\\.';

export interface BackupHeader {
  createdAt: string;
  /** The server version the backup was made on (`SHOW server_version`). */
  madeOn: string;
  migrations: MigrationOfBackup[];
  sequences: SequenceOfBackup[];
  tables: TableOfBackup[];
}

/** A database to back up: catalog queries, and each table's rows as COPY text (chunks ending with a newline). */
export interface BackupSource {
  query: Query;
  copyOut(table: TableOfBackup): AsyncIterable<Uint8Array | string>;
}

export class BackupFileError extends Error {}

/** Writes a backup of `source` to `out`; call it inside one snapshot (REPEATABLE READ) for a consistent copy. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupHeader> {
  const [version] = await source.query<{ server_version: string }>('SHOW server_version');
  const header: BackupHeader = {
    createdAt: new Date().toISOString(),
    madeOn: version?.server_version ?? 'unknown',
    migrations: await migrationsOf(source.query),
    sequences: await sequencesOf(source.query),
    tables: await tablesOf(source.query),
  };
  async function* content() {
    yield `${FIRST_LINE}\n${JSON.stringify(header)}\n`;
    for (const table of header.tables) {
      yield `${JSON.stringify(table)}\n`;
      for await (const chunk of source.copyOut(table)) yield chunk;
      yield `${END_OF_TABLE}\n`;
    }
  }
  await pipeline(Readable.from(content()), createGzip(), out);
  return header;
}

/** The lines of a text stream, without their newlines. */
async function* linesOf(stream: AsyncIterable<string>): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of stream) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

export interface OpenedBackup {
  header: BackupHeader;
  /** Each table with its rows (COPY text lines); read each table's rows to the end before the next table. */
  tables(): AsyncGenerator<{ table: TableOfBackup; rows: AsyncGenerator<string> }>;
  close(): void;
}

/** Opens backup file `path`: its header now, its tables as they are read. */
export async function openBackup(path: string): Promise<OpenedBackup> {
  const input = createReadStream(path).pipe(createGunzip());
  input.setEncoding('utf8');
  const lines = linesOf(input as AsyncIterable<string>);
  const next = async (what: string) => {
    const line = await lines.next().catch((error: unknown) => {
      throw new BackupFileError(`${path} is not a readable backup (${String(error)})`);
    });
    if (line.done) throw new BackupFileError(`${path} ends early, in ${what}: the backup is incomplete`);
    return line.value;
  };
  if ((await next('its first line')) !== FIRST_LINE)
    throw new BackupFileError(`${path} is not a Coldwatch backup`);
  const header = JSON.parse(await next('its header')) as BackupHeader;
  async function* rows(name: string) {
    for (;;) {
      const line = await next(`table ${name}`);
      if (line === END_OF_TABLE) return;
      yield line;
    }
  }
  return {
    header,
    async *tables() {
      for (let i = 0; i < header.tables.length; i++) {
        const table = JSON.parse(await next('a table heading')) as TableOfBackup;
        yield { table, rows: rows(table.name) };
      }
    },
    close: () => input.destroy(),
  };
}
