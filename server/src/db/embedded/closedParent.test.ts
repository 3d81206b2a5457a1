import { lstat, mkdtemp, readlink, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDirOf } from './cluster';
import { openEmbeddedPostgres } from './index';
import { ROOT_PLACES } from './package';

/**
 * Run as root, PostgreSQL runs as the user postgres, which cannot pass through a folder closed to others (a
 * checkout under /root, mode 0700). The embedded database must work there all the same.
 */
describe.skipIf(userInfo().uid !== 0)('a DATA_DIR the user postgres cannot pass through', () => {
  const cleanUp: string[] = [];
  afterAll(async () => {
    for (const dir of cleanUp) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the cluster where postgres reaches it, linked from DATA_DIR/postgres, and serves queries', async () => {
    const closed = await mkdtemp(join(tmpdir(), 'coldwatch-closed-')); // mode 0700, like /root
    cleanUp.push(closed);
    const dataDir = join(closed, 'data');
    const messages: string[] = [];
    const log = {
      info: (m: string) => messages.push(m),
      warn: (m: string) => messages.push(m),
      error: () => {},
    };
    const embedded = await openEmbeddedPostgres({ dataDir, role: 'tool', log });
    try {
      const home = await readlink(clusterDirOf(dataDir));
      cleanUp.push(home);
      expect(home.startsWith(join(ROOT_PLACES, 'clusters'))).toBe(true);
      expect((await lstat(clusterDirOf(dataDir))).isSymbolicLink()).toBe(true);
      expect(messages.join('\n')).toContain(`the user postgres cannot pass through ${dataDir}`);
      const client = new pg.Client({ connectionString: embedded.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('SELECT 40 + 2 AS answer');
      await client.end();
      expect(rows[0]?.answer).toBe(42);
    } finally {
      await embedded.stop();
    }
  }, 120_000);
});
