import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, withConnection } from '../db/client';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { seedDemo } from '../seed';
import { TEST_BACKEND, type TestDatabase } from '../testing/backends';
import { tableDigests } from '../testing/tableDigests';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./db.ts', import.meta.url));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** `npm run db:backup` / `db:restore` with this environment (DATABASE_URL, or DATA_DIR's embedded database). */
const db = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );

/** The digests of every table of the database at `url`, read on a connection that is not a server's. */
const digestsOf = ({ url }: { url: string }) =>
  withConnection(url, (client) =>
    tableDigests(async (text, params) => (await client.query(text, params)).rows as never),
  );

describe('db:backup and db:restore', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'coldwatch-backup-'));
    // The data folders below it hold clusters: as root, PostgreSQL runs as postgres, which must pass through.
    await chmod(work, 0o755);
  });
  afterAll(() => rm(work, { recursive: true, force: true }));

  describe('on an external PostgreSQL (DATABASE_URL)', () => {
    let source: TestDatabase;
    let target: TestDatabase;
    beforeAll(async () => {
      source = await TEST_BACKEND.openSeeded('dashboards');
      target = await TEST_BACKEND.open();
    });
    afterAll(async () => {
      await source.dispose();
      await target.dispose();
    });

    it('restores every table and sequence into an empty database, refuses a full one or a running server', async () => {
      const file = join(work, 'external.backup');
      const backup = await db({ DATABASE_URL: source.url }, 'backup', file);
      expect(backup).toMatchObject({ code: 0 });
      expect(backup.out).toContain(`to ${file}`);

      const restore = await db({ DATABASE_URL: target.url }, 'restore', file);
      expect(restore).toMatchObject({ code: 0 });
      expect(restore.out).toMatch(/Restored \d+ tables \(\d+ rows\)/);
      expect(await digestsOf(target)).toEqual(await digestsOf(source));

      const again = await db({ DATABASE_URL: target.url }, 'restore', file);
      expect(again.code).toBe(1);
      expect(again.out).toContain('the database already holds tables');

      // A server's pool is connected: a restore under it would pull the data from under its feet.
      const server = createDatabase(target.url);
      await server.pool.query('SELECT 1');
      const underServer = await db({ DATABASE_URL: target.url }, 'restore', '--replace', file);
      await server.close();
      expect(underServer.code).toBe(1);
      expect(underServer.out).toContain('of a running Coldwatch server are open: stop it first');

      await withConnection(target.url, (client) => client.query('DELETE FROM dashboards'));
      const replaced = await db({ DATABASE_URL: target.url }, 'restore', '--replace', file);
      expect(replaced).toMatchObject({ code: 0 });
      expect(await digestsOf(target)).toEqual(await digestsOf(source));
    });

    it('refuses a file that is not a whole backup, and changes nothing', async () => {
      const file = join(work, 'cut.backup');
      await db({ DATABASE_URL: source.url }, 'backup', file);
      const whole = await readFile(file);
      await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
      const empty = await TEST_BACKEND.open();
      try {
        const restore = await db({ DATABASE_URL: empty.url }, 'restore', file);
        expect(restore.code).toBe(1);
        const tables = await withConnection(empty.url, (client) =>
          client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`),
        );
        expect(tables.rows[0]).toEqual({ n: 0 });
      } finally {
        await empty.dispose();
      }
    });
  });

  it('backs up one DATA_DIR’s embedded database and restores it into another’s', async () => {
    const [from, to] = [join(work, 'from'), join(work, 'to')];
    const handle = await openDatabase({ databaseUrl: undefined, dataDir: from, role: 'tool', log: quiet });
    await migrate(handle);
    await seedDemo(handle.db, { dashboards: false });
    const before = await digestsOf(handle);
    await handle.close();

    const backup = await db({ DATA_DIR: from }, 'backup');
    expect(backup).toMatchObject({ code: 0 });
    const file = /to (\S+\.backup)/.exec(backup.out)![1]!;
    expect(file.startsWith(join(from, 'backups'))).toBe(true);
    expect(await db({ DATA_DIR: to }, 'restore', file)).toMatchObject({ code: 0 });

    const restored = await openDatabase({ databaseUrl: undefined, dataDir: to, role: 'tool', log: quiet });
    try {
      expect(await digestsOf(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  });
});
