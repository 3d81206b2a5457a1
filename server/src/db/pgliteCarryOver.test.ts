import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../../tests/e2e/support/server';
import { importRuns } from '../modules/history/jobs';
import { tableDigests } from '../testing/tableDigests';
import { useTempDirs } from '../testing/tempDirs';
import type { Database } from './client';
import { migrationsFolder } from './migrate';
import { openDatabase } from './open';
import { pgliteDirOf } from './pgliteCarryOver';
import * as schema from './schema';
import { seedDemo } from '../seed';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A store as the previous version left it: PGlite under DATA_DIR/pglite, migrated, the demo with history. */
async function earlierStore(dataDir: string): Promise<Record<string, string>> {
  const store = new PGlite(pgliteDirOf(dataDir));
  try {
    const db = drizzle(store, { schema });
    await migratePglite(db, { migrationsFolder });
    await seedDemo(db as unknown as Database, { dashboards: true });
    const [buffer] = await db.select({ id: schema.buffers.id }).from(schema.buffers).limit(1);
    await importRuns(db as unknown as Database, [
      {
        bufferId: buffer!.id,
        firstSampleAt: new Date('2026-01-10T00:00:00Z'),
        intervalSeconds: 60,
        values: [1, 2, NaN, 4],
      },
    ]);
    return await tableDigests(async (text, params) => (await store.query(text, params)).rows as never);
  } finally {
    await store.close();
  }
}

describe('carrying a store of an earlier version (PGlite) over', () => {
  const tempDir = useTempDirs();

  it('copies every table into the embedded PostgreSQL on first start, keeps the old folder, and does it once', async () => {
    const dataDir = await tempDir('coldwatch-pglite-');
    const before = await earlierStore(dataDir);
    expect(Object.keys(before).length).toBeGreaterThan(20);

    const messages: string[] = [];
    const log = { ...quiet, warn: (m: string) => messages.push(m) };
    const handle = await openDatabase({ databaseUrl: undefined, dataDir, role: 'server', log });
    try {
      const after = await tableDigests(async (text, params) => (await handle.pool.query(text, params)).rows);
      expect(after).toEqual(before);
    } finally {
      await handle.close();
    }
    expect(messages.join('\n')).toMatch(/carried \d+ tables \(\d+ rows\) over from .*pglite/);
    expect(existsSync(join(pgliteDirOf(dataDir), 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(pgliteDirOf(dataDir), 'CARRIED-OVER.txt'))).toBe(true);

    // The real server on it: the demo's users sign in, nothing is seeded or carried over again.
    const server = await startServer({ LOG_LEVEL: 'info' }, { dataDir });
    try {
      const login = await fetch(`http://127.0.0.1:${server.port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin123' }),
      });
      expect(login.status).toBe(200);
      expect(server.output()).not.toContain('carried');
      expect(server.output()).not.toContain('seeded the demo');
    } finally {
      await server.stop({ keepData: true });
    }
  }, 120_000);
});
