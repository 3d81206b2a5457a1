import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../tests/e2e/support/server';
import { clusterDirOf, runningPostmaster } from './db/embedded/cluster';

/**
 * A start that fails after the app holds connections (a port taken by another program) once hung for ever,
 * silent, holding its embedded PostgreSQL (CI at 9979fd8): the pool's end waited for the connections kept for
 * LISTEN. Real server processes on their embedded PostgreSQL, no demo.
 */
describe('a port another program listens on', () => {
  let taken: Server;
  let takenPort: number;
  let dataDir: string;
  beforeAll(async () => {
    takenPort = await freePort();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(takenPort, '0.0.0.0', resolve));
    dataDir = await mkdtemp(join(tmpdir(), 'coldwatch-port-taken-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => taken.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const failedStart = (env: Record<string, string>) =>
    startServer({ DEMO: 'false', ...env }, { dataDir }).then(
      () => 'started',
      (error: Error) => error.message,
    );

  it.each([
    ['PORT', 'the HTTP server'],
    ['MQTT_PORT', 'the embedded broker'],
  ])(
    'as %s (%s): the server says which setting to change, exits 1 and leaves no PostgreSQL',
    async (setting) => {
      const refused = await failedStart({ [setting]: String(takenPort) });
      expect(refused).toContain('server exited with 1');
      expect(refused).toContain(
        `Coldwatch failed to start: port ${takenPort} is already in use by another program. Stop it, or set ${setting} to a free port.`,
      );
      expect(await runningPostmaster(clusterDirOf(dataDir))).toBeUndefined();
    },
  );
});
