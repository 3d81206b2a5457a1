import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PGlite clients and the statements already prepared on each (every instance in a process shares one). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<void>>>();

/**
 * A hot read (asked on nearly every signed-in call) as a named prepared statement, parsed and planned once per
 * connection instead of once per call: planning, Drizzle building the query and PGlite's extended protocol (six
 * trips into its WebAssembly a query) cost more than running such reads (docs/benchmarks.md, issue 14).
 * `text` names its parameters $1…$n; they are ids (UUIDs), the only kind the hot reads take.
 *
 * On PostgreSQL, node-postgres keeps the statement per pooled connection. PGlite is one session: the statement is
 * made there once with PREPARE and run with EXECUTE over the simple protocol, one trip, its ids written as
 * literals, which is safe because nothing but a UUID gets that far.
 */
export function preparedRead<Row>(db: Database, name: string, text: string) {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    return async (...ids: string[]): Promise<Row[]> =>
      (await client.query<Row & pg.QueryResultRow>({ name, text, values: ids })).rows;
  }
  const pglite = client as PGlite;
  const prepare = () => {
    const statements = preparedOn.get(pglite) ?? new Map<string, Promise<void>>();
    preparedOn.set(pglite, statements);
    let prepared = statements.get(name);
    if (!prepared) {
      prepared = pglite.exec(`PREPARE ${name} AS ${text}`).then(() => undefined);
      // A failed PREPARE (the database going away mid-start) is tried again by the next call.
      prepared.catch(() => statements.delete(name));
      statements.set(name, prepared);
    }
    return prepared;
  };
  return async (...ids: string[]): Promise<Row[]> => {
    const literals = ids.map((id) => {
      if (!UUID.test(id)) throw new Error(`${name}: parameters must be UUIDs`);
      return `'${id}'`;
    });
    await prepare();
    const [result] = await pglite.exec(`EXECUTE ${name}(${literals.join(', ')})`);
    return (result?.rows ?? []) as Row[];
  };
}
