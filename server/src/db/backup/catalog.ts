/** Runs one catalog query; node-postgres and PGlite (the carry-over) both answer this way. */
export type Query = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

/** The schemas a backup holds: the app's tables and Drizzle's record of the migrations applied. */
const BACKED_UP_SCHEMAS = ['public', 'drizzle'] as const;

export interface TableOfBackup {
  schema: string;
  name: string;
  /** Stored columns in their order (generated columns are computed again on restore). */
  columns: string[];
}

export interface SequenceOfBackup {
  schema: string;
  name: string;
  /** Its last value; null when it was never used. */
  value: string | null;
}

export interface MigrationOfBackup {
  hash: string;
  createdAt: string;
}

export const qualified = (t: { schema: string; name: string }) =>
  `"${t.schema.replaceAll('"', '""')}"."${t.name.replaceAll('"', '""')}"`;
export const quoted = (column: string) => `"${column.replaceAll('"', '""')}"`;

/**
 * The tables of the backed-up schemas, each after the tables its foreign keys point to, so that a restore can
 * load them one COPY at a time with every constraint checked (a table pointing at itself is checked at the end
 * of its own COPY).
 */
export async function tablesOf(query: Query): Promise<TableOfBackup[]> {
  const columns = await query<{ schema: string; name: string; column: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, a.attname AS column
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1) AND a.attnum > 0 AND NOT a.attisdropped
        AND a.attgenerated = ''
      ORDER BY n.nspname, c.relname, a.attnum`,
    [BACKED_UP_SCHEMAS],
  );
  const references = await query<{ child: string; parent: string }>(
    `SELECT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
       FROM pg_constraint k
       JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
       JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE k.contype = 'f' AND cn.nspname = ANY($1) AND k.conrelid <> k.confrelid`,
    [BACKED_UP_SCHEMAS],
  );
  const tables = new Map<string, TableOfBackup>();
  for (const row of columns) {
    const key = `${row.schema}.${row.name}`;
    const table = tables.get(key) ?? { schema: row.schema, name: row.name, columns: [] };
    table.columns.push(row.column);
    tables.set(key, table);
  }
  const parents = new Map<string, string[]>();
  for (const { child, parent } of references) parents.set(child, [...(parents.get(child) ?? []), parent]);
  const ordered: TableOfBackup[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (key: string) => {
    if (placed.has(key)) return;
    if (visiting.has(key)) throw new Error(`foreign keys go round in a circle through ${key}`);
    visiting.add(key);
    for (const parent of parents.get(key) ?? []) place(parent);
    visiting.delete(key);
    placed.add(key);
    const table = tables.get(key);
    if (table) ordered.push(table);
  };
  for (const key of tables.keys()) place(key);
  return ordered;
}

export async function sequencesOf(query: Query): Promise<SequenceOfBackup[]> {
  const rows = await query<{ schema: string; name: string; value: string | number | null }>(
    `SELECT schemaname AS schema, sequencename AS name, last_value::text AS value FROM pg_sequences
      WHERE schemaname = ANY($1) ORDER BY 1, 2`,
    [BACKED_UP_SCHEMAS],
  );
  return rows.map((r) => ({ ...r, value: r.value === null ? null : String(r.value) }));
}

/** Drizzle's record of the migrations applied, oldest first; empty for a database never migrated. */
export async function migrationsOf(query: Query): Promise<MigrationOfBackup[]> {
  const [present] = await query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!present?.present) return [];
  const rows = await query<{ hash: string; created_at: string | number }>(
    'SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
  );
  return rows.map((r) => ({ hash: r.hash, createdAt: String(r.created_at) }));
}
