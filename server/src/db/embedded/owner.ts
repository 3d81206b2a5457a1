import pg from 'pg';

/** The advisory lock the owner of an embedded cluster holds for as long as it runs (any constant of ours). */
const OWNER_LOCK_ID = 727_003;

/** Who may use an embedded cluster how: one server at a time; tools (the CLIs) beside it or on their own. */
export type Role = 'server' | 'tool';

export interface Holder {
  role: Role;
  pid: number;
  /** The server's HTTP port, when the holder is a server. */
  httpPort?: number;
}

const nameOf = (me: Holder) =>
  `coldwatch ${me.role} pid=${me.pid}${me.httpPort === undefined ? '' : ` port=${me.httpPort}`}`;

function holderOf(applicationName: string): Holder | undefined {
  const match = /^coldwatch (server|tool) pid=(\d+)(?: port=(\d+))?$/.exec(applicationName);
  if (!match) return undefined;
  return {
    role: match[1] as Role,
    pid: Number(match[2]),
    ...(match[3] ? { httpPort: Number(match[3]) } : {}),
  };
}

/**
 * The lock that says who owns an embedded cluster: whoever holds it started (or took over) the postmaster and
 * stops it when done. PostgreSQL keeps it on the owner's connection, so it goes with the owner however the owner
 * ends: a server killed with SIGKILL leaves a running cluster that nobody holds, which the next start takes over.
 * The connection's application_name says who holds it, for the message that refuses a second server.
 */
export class OwnerLock {
  private constructor(private readonly client: pg.Client) {}

  /** Connects to `url` as `me`; `onLost` hears when that connection (and with it the lock, if held) is gone. */
  static async connect(url: string, me: Holder, onLost: (error: Error) => void): Promise<OwnerLock> {
    const client = new pg.Client({
      connectionString: url,
      application_name: nameOf(me),
      connectionTimeoutMillis: 5000,
    });
    client.on('error', onLost);
    await client.connect();
    return new OwnerLock(client);
  }

  async tryTake(): Promise<boolean> {
    const { rows } = await this.client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1) AS taken', [
      OWNER_LOCK_ID,
    ]);
    return rows[0]!.taken;
  }

  /** Waits until the lock is free and takes it (a tool that owns the cluster ends it first, or lets it go). */
  async take(): Promise<void> {
    await this.client.query('SELECT pg_advisory_lock($1)', [OWNER_LOCK_ID]);
  }

  /** Who holds the lock now (and their session on the database); undefined when nobody does. */
  async holder(): Promise<(Holder & { session: number }) | undefined> {
    const { rows } = await this.client.query<{ name: string; session: number }>(
      `SELECT a.application_name AS name, a.pid AS session FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1`,
      [OWNER_LOCK_ID],
    );
    const holder = rows[0] && holderOf(rows[0].name);
    return holder ? { ...holder, session: rows[0]!.session } : undefined;
  }

  /**
   * Ends the session of a holder whose process is gone: its connection closes with it, but the database may not
   * have noticed yet (a moment on loopback).
   */
  async endSessionOf(holder: { session: number }): Promise<void> {
    await this.client.query('SELECT pg_terminate_backend($1)', [holder.session]);
  }

  async release(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }
}
