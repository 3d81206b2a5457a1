import type { DatabaseTemplate, StartOptions } from '../../tests/e2e/support/server';

/** How the smoke run (tests/bench/smoke.test.ts) hands the benchmarks one seeded demo database to copy. */
export const SEEDED_DATABASE_ENV = 'COLDWATCH_BENCH_SEEDED_DATABASE';

/**
 * startServer's options for a benchmark that measures a running server, not its first start: a copy of the seeded
 * demo database the smoke run made once, when it gave one (a server's own embedded PostgreSQL costs an initdb, the
 * demo seed and weeks of backfilled history, about 15 s of CPU, before the benchmark measures anything); else the
 * server's embedded PostgreSQL, as `npm run bench` has it.
 */
export function seededDatabase(): StartOptions {
  const shared = process.env[SEEDED_DATABASE_ENV];
  return shared ? { database: JSON.parse(shared) as DatabaseTemplate } : {};
}
