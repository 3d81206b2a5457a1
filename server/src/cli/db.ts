/**
 * Backup and restore of the configured database (README, "Backup and restore"):
 *
 *   npm run db:backup [-- <file>]             a backup of every table, by default DATA_DIR/backups/<time>.backup
 *   npm run db:restore -- <file> [--replace]  into an empty database; --replace drops what it holds first
 *
 * Both work on the embedded PostgreSQL (the running server's, or started for the command) and on DATABASE_URL's.
 * A backup may be taken while the server runs; a restore is refused while one is connected.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupFileError } from '../db/backup/file';
import { backupDatabase, restoreDatabase } from '../db/backup/postgres';
import { openDatabase } from '../db/open';
import { exitWhenDone } from './exit';
import { toolLog } from './toolLog';

const USAGE = `usage:
  db backup [<file>]
  db restore <file> [--replace]`;

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { replace: { type: 'boolean', default: false } },
  });
  if ((command !== 'backup' && command !== 'restore') || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  if (command === 'restore' && !positionals[0]) {
    console.error(`restore needs the backup file\n${USAGE}`);
    return 2;
  }
  const handle = await openDatabase({ ...config, role: 'tool', log: toolLog });
  // The pool is not used: backup and restore take connections of their own, without the pool's timeouts.
  try {
    if (command === 'backup') {
      const file = resolve(positionals[0] ?? join(config.dataDir, 'backups', `coldwatch-${stamp()}.backup`));
      await mkdir(resolve(file, '..'), { recursive: true });
      const header = await backupDatabase(handle.url, file);
      console.log(`Backed up ${header.tables.length} tables of ${handle.location} to ${file}`);
      return 0;
    }
    const file = resolve(positionals[0]!);
    const { header, rows } = await restoreDatabase(handle.url, file, { replace: values.replace });
    console.log(
      `Restored ${header.tables.length} tables (${rows} rows) from ${file} (made ${header.createdAt}) into ` +
        `${handle.location}; the server applies newer migrations when it starts.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

exitWhenDone(
  run(process.argv.slice(2)),
  (error): error is Error => error instanceof BackupFileError || error instanceof ConfigError,
);
