import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../tests/e2e/support/server';
import { clusterDirOf, runningPostmaster } from './cluster';

/** Real server processes on one DATA_DIR, on its embedded PostgreSQL (no demo: nothing to seed). */
describe('one DATA_DIR, one server', () => {
  let dataDir: string;
  let first: RunningServer | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'coldwatch-owner-'));
  });
  afterAll(async () => {
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const start = () => startServer({ DEMO: 'false' }, { dataDir });

  it('refuses a second server on the same DATA_DIR, naming the first (PID, port)', async () => {
    first = await start();
    const postgres = (await runningPostmaster(clusterDirOf(dataDir)))!;
    const refused = await start().then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toContain(
      `Another Coldwatch server (PID ${first.pid}, HTTP port ${first.port}) is using DATA_DIR`,
    );
    expect(refused).toContain(`its PostgreSQL: PID ${postgres.pid}, port ${postgres.port}`);
    // The first one goes on, on the same PostgreSQL.
    expect((await fetch(`http://127.0.0.1:${first.port}/readyz`)).status).toBe(200);
    expect((await runningPostmaster(clusterDirOf(dataDir)))?.pid).toBe(postgres.pid);
  });

  it('takes over the PostgreSQL a killed server left running, and stops it when it stops', async () => {
    const postgres = (await runningPostmaster(clusterDirOf(dataDir)))!;
    await first!.kill();
    expect((await runningPostmaster(clusterDirOf(dataDir)))?.pid).toBe(postgres.pid);

    first = await start();
    expect(first.output()).toContain(`took over the embedded PostgreSQL left running (PID ${postgres.pid}`);
    expect((await fetch(`http://127.0.0.1:${first.port}/readyz`)).status).toBe(200);
    await first.stop({ keepData: true });
    first = undefined;
    expect(await runningPostmaster(clusterDirOf(dataDir))).toBeUndefined();
  });
});
