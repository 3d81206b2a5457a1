import { startServer } from './server';

/** The server's log line once the demo's weeks of history are in the database. */
const BACKFILLED = '"msg":"demo history backfilled"';

/**
 * A data directory the real server seeded on its first start (demo tenants, users, fleet, dashboards and the
 * backfilled weeks of history), then left as a deploy stops it. Each end-to-end file's server starts from a copy,
 * as after a restart: seeding and backfilling cost about 10 s of CPU, once instead of once a file.
 */
export async function makeSeededDataDir(): Promise<string> {
  const server = await startServer({ LOG_LEVEL: 'info' });
  try {
    const deadline = Date.now() + 120_000;
    while (!server.output().includes(BACKFILLED)) {
      if (Date.now() > deadline) throw new Error(`the demo history was not backfilled:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.stop({ keepData: true });
    return server.dataDir;
  } catch (error) {
    await server.stop();
    throw error;
  }
}
