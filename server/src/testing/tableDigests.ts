import type { Query } from '../db/backup/catalog';
import { qualified, tablesOf } from '../db/backup/catalog';

/**
 * Each backed-up table's row count and a digest of all its rows (as text, in a fixed order), and each
 * sequence's value: two databases with the same digests hold the same data. Dates are read in UTC so that two
 * servers' time zones do not matter.
 */
export async function tableDigests(query: Query): Promise<Record<string, string>> {
  await query(`SET TimeZone = 'UTC'`);
  const digests: Record<string, string> = {};
  for (const table of await tablesOf(query)) {
    const [row] = await query<{ n: number | string; digest: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM ${qualified(table)} t`,
    );
    digests[`${table.schema}.${table.name}`] = `${row!.n} rows, ${row!.digest ?? 'empty'}`;
  }
  const sequences = await query<{ name: string; value: string | null }>(
    `SELECT schemaname || '.' || sequencename AS name, last_value::text AS value FROM pg_sequences
      WHERE schemaname IN ('public', 'drizzle')`,
  );
  for (const sequence of sequences) digests[`sequence ${sequence.name}`] = String(sequence.value);
  return digests;
}
