import { withConnection } from '../../../server/src/db/client';
import { cheapenDemoPasswords } from '../../../server/src/testing/passwords';
import { databaseUrlOf, dropDatabase, patientDatabase } from '../../../server/src/testing/testPostgres';
import { eventually } from '../../../server/src/testing/wait';
import { startServer, type DatabaseTemplate } from './server';

/** The server's log line once the demo's weeks of history are in the database. */
const BACKFILLED = '"msg":"demo history backfilled"';

/**
 * A database of the run's PostgreSQL at `adminUrl` that the real server seeded on its first start (demo tenants,
 * users, fleet, dashboards and the backfilled weeks of history), then left as a deploy stops it. Each end-to-end
 * file's server starts on a copy, as after a restart: seeding and backfilling cost about 10 s of CPU, once instead
 * of once a file. Its demo users' passwords are then stored at the tests' scrypt cost, like the server tests'
 * (server/src/testing/passwords.ts): every sign-in of the run verifies in a millisecond or two.
 */
export async function makeSeededDatabase(adminUrl: string): Promise<DatabaseTemplate> {
  const empty = `coldwatch_e2e_empty_${process.pid}`;
  await withConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${empty}`));
  try {
    const server = await startServer(
      { LOG_LEVEL: 'info', DEMO: 'true' },
      { database: { adminUrl, template: empty } },
    );
    try {
      await eventually(() => server.output().includes(BACKFILLED), {
        what: 'the demo history backfilled',
        timeoutMs: 120_000,
      }).catch((error: Error) => {
        throw new Error(`${error.message}:\n${server.output()}`);
      });
      await server.stop({ keepData: true });
      const seeded = patientDatabase(databaseUrlOf(adminUrl, server.database!));
      await cheapenDemoPasswords(seeded.db).finally(() => seeded.close());
      return { adminUrl, template: server.database! };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } finally {
    await dropDatabase(adminUrl, empty);
  }
}
