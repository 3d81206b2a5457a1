import type pg from 'pg';
import type { Database } from './client';

/**
 * A hot read (asked on nearly every signed-in call) as a named prepared statement, parsed and planned once per
 * pooled connection instead of once per call: planning and Drizzle building the query cost more than running such
 * reads (docs/benchmarks.md, issue 14). `text` names its parameters $1…$n.
 */
export function preparedRead<Row>(db: Database, name: string, text: string) {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return async (...values: string[]): Promise<Row[]> =>
    (await pool.query<Row & pg.QueryResultRow>({ name, text, values })).rows;
}
