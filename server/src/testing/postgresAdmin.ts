import pg from 'pg';

/** A maintenance connection to the PostgreSQL the tests may use (trust auth on the CI machines). */
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** False when no PostgreSQL answers: its suites are skipped, not failed. */
export const postgresAnswers = await withAdmin((client) => client.query('SELECT 1')).then(
  () => true,
  () => false,
);

/** The address of database `name` on the tests' PostgreSQL. */
export function postgresUrlOf(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits (up to a second) until no connection to database `name` is left: pool.end() resolves before they go. */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if ((rows[0] as { n: number }).n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Returns once database `name`, just closed, has no connection left (a template must have none). */
export const waitUntilUnused = (name: string) => withAdmin((client) => untilUnused(client, name));

/**
 * Drops database `name` once its connections have gone: forcing them closed mid-goodbye makes pg throw an
 * uncaught error in the pool. Whatever is left after the wait is forced.
 */
export function dropDatabase(name: string): Promise<void> {
  return withAdmin(async (client) => {
    await untilUnused(client, name);
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
