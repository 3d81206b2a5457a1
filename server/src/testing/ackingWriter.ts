/**
 * A child process for the crash tests (db/embedded/crash.test.ts): opens DATA_DIR's embedded PostgreSQL as the
 * server does (starting it, recovering it, or taking it over), migrates, then writes tenants one after the other
 * and prints `acked <name>` once each has committed, until it is killed.
 *
 *   node --import tsx server/src/testing/ackingWriter.ts <dataDir> <name prefix>
 */
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { tenants } from '../db/schema';
import { acmeTheme } from '../seed/themes';

const [dataDir, prefix] = process.argv.slice(2) as [string, string];
const quiet = { info: () => undefined, warn: () => undefined, error: (m: string) => console.error(m) };
const handle = await openDatabase({ databaseUrl: undefined, dataDir, role: 'server', log: quiet });
await migrate(handle);
console.log('ready');
for (let i = 0; ; i++) {
  const name = `${prefix}-${i}`;
  await handle.db.insert(tenants).values({ name, title: name, theme: acmeTheme });
  console.log(`acked ${name}`);
}
