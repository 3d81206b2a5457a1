import { afterAll, beforeAll, inject } from 'vitest';
import { startServer, type RunningServer } from './server';

let running: RunningServer | undefined;

/**
 * Each test file has a real server of its own (embedded broker, demo seed, the built SPA), started by
 * tests/e2e/setup.ts: files run side by side without seeing each other's changes (settings, names, dashboards).
 * Each starts on a copy of the run's seeded demo database (tests/e2e/globalSetup.ts), as after a restart.
 */
export function e2eServer(): RunningServer {
  if (!running) throw new Error('The end-to-end server starts before the tests (tests/e2e/setup.ts)');
  return running;
}

/** Starts this file's server before its tests and stops it after them. */
export function serveEachFile(): void {
  beforeAll(async () => {
    running = await startServer({}, { database: inject('seededDatabase') });
  });
  afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
}

/** Kills this file's server (SIGKILL: no goodbye to its browsers), then starts it again once `restart` is called. */
export async function killE2eServer(): Promise<{ restart(): Promise<RunningServer> }> {
  const killed = e2eServer();
  await killed.kill();
  return {
    async restart() {
      running = await startServer({}, { again: killed });
      return running;
    },
  };
}
