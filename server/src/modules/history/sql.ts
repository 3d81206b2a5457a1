import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Small pieces of the history SQL: parameters, times as epoch milliseconds, bytes as base64. */

export const param = (value: unknown) => sql.param(value);
// date_part is a float8, which holds milliseconds exactly; extract's numeric costs more on many rows.
export const epochMs = (column: SQL) => sql`round(date_part('epoch', ${column}) * 1000)::int8`;
export const fromMs = (ms: SQLWrapper) => sql`to_timestamp(${ms}::float8 / 1000)`;

export async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Bytes travel as base64 text, which Buffer decodes natively (chosen when the embedded database was PGlite, whose
 * bytea conversion was several times slower; node-postgres parses bytea's hex text in JavaScript too).
 * Many values go as one text joined by commas, which base64 never holds: cheaper to pass than a text array.
 */
export const bytesOf = (column: SQL) => sql`encode(${column}, 'base64')`;
export const decoded = (text: unknown) => Buffer.from(text as string, 'base64');
export const encodedList = (values: Uint8Array[]) =>
  sql`string_to_array(${param(
    values.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')).join(','),
  )}::text, ',')`;
