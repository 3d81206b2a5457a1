import type { Socket } from 'node:net';
import pg from 'pg';

/**
 * How long the server waits on PostgreSQL, so that a database that stops answering costs a request seconds, not the
 * server (docs/decisions/, "A silent database costs seconds"). A request's query ends within QUERY_MS: the
 * database cancels it at STATEMENT_MS (its connection stays usable), and should it not even answer that, the
 * connection is presumed lost (a partition) and closed at QUERY_MS, with every idle connection opened before it.
 * Waiting for a free connection, or for a new one, ends at CONNECT_MS. Either failure answers 503 (errors.ts).
 */
const DATABASE_TIMEOUTS = {
  connectMs: 3_000,
  statementMs: 3_500,
  queryMs: 4_000,
  /** A transaction left open this long (its client gone silent) is ended by the database, releasing its locks. */
  idleInTransactionMs: 5_000,
  /** Idle connections are closed after this long, so the pool shrinks back after a burst. */
  idleMs: 10_000,
  /** TCP keepalive on every connection, so the kernel finds a dead peer of a long-idle one (the LISTEN one). */
  keepAliveMs: 5_000,
} as const;

/** How the server names its connections in pg_stat_activity: `db:restore` refuses while any is connected. */
export const APPLICATION_NAME = 'coldwatch';

interface PoolState {
  /** The pool's connections not checked out now (its own list is private). */
  idle: Set<pg.Client>;
}

const socketOf = (client: pg.Client) =>
  (client as unknown as { connection: { stream: Socket } }).connection.stream;

/**
 * A pool client whose lost answer ends its connection: node-postgres would otherwise queue every later query of
 * that client behind the one that will never be answered, and a transaction gives its client back to the pool
 * without an error, so the dead client would be handed out again. Its idle siblings went quiet at the same time
 * and are closed too; the pool opens new ones when they are needed.
 */
function timedClient(state: PoolState) {
  return class TimedClient extends pg.Client {
    private answeredAt = 0;

    private presumeLost(sentAt: number): void {
      socketOf(this).destroy();
      for (const idle of state.idle) {
        if ((idle as TimedClient).answeredAt < sentAt) socketOf(idle).destroy();
      }
    }

    // Every overload of pg's query goes through here: with a callback (the pool's own query), or a promise.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: any[]): any {
      const sentAt = Date.now();
      const timer = setTimeout(() => this.presumeLost(sentAt), DATABASE_TIMEOUTS.queryMs);
      const answered = () => {
        clearTimeout(timer);
        this.answeredAt = Date.now();
      };
      const callback: unknown = args.at(-1);
      if (typeof callback === 'function') {
        args[args.length - 1] = (...results: unknown[]) => {
          answered();
          (callback as (...r: unknown[]) => void)(...results);
        };
      }
      const result: unknown = (super.query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) return result.finally(answered);
      if (typeof callback !== 'function') clearTimeout(timer);
      return result;
    }
  };
}

/** The server's connection pool on `url`, with the timeouts above. */
export function createPool(url: string, options: { max?: number } = {}): pg.Pool {
  const state: PoolState = { idle: new Set() };
  const pool = new pg.Pool({
    connectionString: url,
    Client: timedClient(state),
    max: options.max ?? 10,
    application_name: APPLICATION_NAME,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    statement_timeout: DATABASE_TIMEOUTS.statementMs,
    idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
    idleTimeoutMillis: DATABASE_TIMEOUTS.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: DATABASE_TIMEOUTS.keepAliveMs,
  });
  // An idle connection ended by the server (restart, failover, DROP … FORCE) would otherwise crash the process:
  // the pool discards it and opens a new one on next use, and a query in flight reports its own error.
  pool.on('error', () => undefined);
  // The pool listens only to idle connections: one ended while checked out (inside a transaction, between two of
  // its statements) would crash the process too; its next statement fails instead.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    state.idle.add(client);
  });
  pool.on('acquire', (client) => state.idle.delete(client));
  pool.on('release', (_error, client) => state.idle.add(client));
  pool.on('remove', (client) => state.idle.delete(client));
  return pool;
}
