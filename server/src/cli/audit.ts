/**
 * Checks the audit trail (issue 30): every tenant's hash chain, from its first entry to its last.
 *
 *   npm run audit:verify
 *
 * Prints one line per tenant; on a break it names the tenant and the first broken link (its seq and row id) and
 * exits with 1. Uses the server's configuration like `npm run device` (DATABASE_URL or the embedded PostgreSQL).
 */
import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open';
import { verifyAllChains, type BrokenLink } from '../modules/audit/verify';
import { exitWhenDone } from './exit';
import { toolLog } from './toolLog';

const REASONS: Record<BrokenLink['reason'], string> = {
  missing: 'is missing (deleted)',
  prevHash: 'does not point at the entry before it',
  hash: 'was altered (its hash does not match its contents)',
};

async function run(): Promise<number> {
  const config = loadConfig(process.env);
  const handle = await openDatabase({ ...config, role: 'tool', log: toolLog });
  try {
    await migrate(handle);
    let broken = 0;
    const reports = await verifyAllChains(handle.db);
    if (reports.length === 0) console.log('no tenants');
    for (const report of reports) {
      if (!report.broken) {
        console.log(
          `${report.tenant}: ${report.entries} ${report.entries === 1 ? 'entry' : 'entries'}, chain intact`,
        );
        continue;
      }
      broken += 1;
      const { seq, id, reason } = report.broken;
      const row = id === null ? '' : ` (row id ${id})`;
      console.log(`${report.tenant}: BROKEN at seq ${seq}${row}: the entry ${REASONS[reason]}`);
    }
    return broken === 0 ? 0 : 1;
  } finally {
    await handle.close();
  }
}

exitWhenDone(
  run(),
  (error): error is Error => error instanceof ConfigError,
  () => 2,
);
