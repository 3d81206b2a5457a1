/**
 * Audit trail time: a tenant whose trail holds `entries` entries (line writes on `devices` devices, one a minute),
 * read as the audit trail screen reads it. Goals, for 100,000 entries: the newest page and a filtered page deep
 * in the trail under 100 ms, the CSV of 5,000 entries under 1 s, the chain checked whole under 5 s.
 *
 *   node --import tsx bench/audit-trail.ts [--entries 100000] [--devices 50] [--runs 5]
 *   node --import tsx bench/audit-trail.ts --entries 1000 --runs 1      (a smoke run of seconds)
 *
 * The entries are written chained (each one's hash over it and the previous one's, as recordAudit writes them) in
 * batches, straight into the embedded PostgreSQL. Timed: GET /api/v2/audit and /api/v2/audit/chain through the
 * real app in this process (app.inject: authentication, validation, the query, the hashing, serialisation).
 */
import { auditEntries } from '../server/src/db/schema';
import { GENESIS_HASH, hashOf } from '../server/src/modules/audit/trail';
import { startBenchApp, timeCalls } from './support/benchApp';
import { endWithGoal } from './support/goal';
import { benchHexacode, openMinuteLog } from './support/history';
import { readNumberArgs } from './support/numberArgs';

const args = readNumberArgs({ entries: 100_000, devices: 50, runs: 5 });
const PAGE = 51;
const BATCH = 1_000;
const GOALS_MS = { newest: 100, deep: 100, csv: 1000, chain: 5000 };

const { handle, dispose, tenantId, start } = await openMinuteLog(args.devices, args.entries);

const written = Date.now();
let prevHash = GENESIS_HASH;
for (let first = 1; first <= args.entries; first += BATCH) {
  const batch = [];
  for (let seq = first; seq < first + BATCH && seq <= args.entries; seq++) {
    const hexacode = benchHexacode(seq % args.devices);
    const entry = {
      tenantId,
      seq,
      at: new Date(start + seq * 60_000),
      userId: null,
      username: seq % 3 === 0 ? 'admin' : 'operator',
      actingAsId: null,
      actingAsUsername: null,
      action: seq % 10 === 0 ? 'alarm.acknowledge' : 'line.write',
      target: `${hexacode} 0.0 page 1 line 1`,
      hexacode,
      before: { value: String(seq % 7), status: 'OK' },
      after: { value: String((seq + 1) % 7), result: 'ACCEPTED' },
      prevHash,
    };
    const hash = hashOf(entry);
    batch.push({ ...entry, hash });
    prevHash = hash;
  }
  await handle.db.insert(auditEntries).values(batch);
}
console.log(`wrote ${args.entries} chained entries in ${Date.now() - written} ms`);
const bench = await startBenchApp(handle, tenantId);

const middle = Math.floor(args.entries / 2);
const calls = {
  newest: `/api/v2/audit?limit=${PAGE}`,
  deep: `/api/v2/audit?limit=${PAGE}&before=${middle}&user=admin&action=line.write`,
  csv: '/api/v2/audit?limit=5000&format=csv',
  chain: '/api/v2/audit/chain',
} as const;

const met = await timeCalls(bench, {
  calls,
  runs: args.runs,
  goalsMs: GOALS_MS,
  columns: ['entries', 'bytes'],
  cells: (name, last) => {
    if (name === 'chain') {
      const chain = last.json() as { entries: number; broken: unknown };
      if (chain.entries !== args.entries || chain.broken !== null)
        throw new Error(`the chain should hold ${args.entries} entries: ${last.body}`);
    }
    return [args.entries, last.rawPayload.length];
  },
});
await bench.close();
await dispose();
endWithGoal(met);
