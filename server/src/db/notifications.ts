import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { GatewayLogger } from '../gateway/logger';
import { Listeners } from '../listeners';
import type { Database } from './client';

const RECONNECT_MS = 1000;
/**
 * How often the LISTEN connection is asked a question: a connection that only listens would never notice that
 * its peer went silent (a partition), and notifications would stop without an error. The pool's query timeout
 * ends a connection that does not answer, and the channel takes a new one.
 */
const HEARTBEAT_MS = 5000;

/**
 * One PostgreSQL notification channel between the server instances sharing a database: `notify` reaches the
 * other instances' listeners through NOTIFY, which each LISTENs to on a connection of its own. An instance
 * ignores its own notifications. `parse` reads a payload; null drops it.
 */
export class DatabaseChannel<T extends object> {
  private readonly instance = randomUUID();
  private readonly listeners = new Listeners<T>((error) =>
    this.log.error({ err: error, channel: this.channel }, 'a notification listener failed'),
  );
  private stopped = false;
  private end: (() => Promise<void>) | undefined;
  private listenings = 0;
  private listeningNow = false;

  constructor(
    private readonly db: Database,
    private readonly log: GatewayLogger,
    private readonly channel: string,
    private readonly parse: (payload: Record<string, unknown>) => T | null,
  ) {}

  /**
   * Which LISTEN connection hears the channel now: a number that changes with every new connection, undefined
   * while none does. What was remembered from the channel's messages is good only while it stays the same (the
   * messages sent in between were not heard).
   */
  get listening(): number | undefined {
    return this.listeningNow ? this.listenings : undefined;
  }

  subscribe(listener: (message: T) => void): () => void {
    return this.listeners.add(listener);
  }

  async start(): Promise<void> {
    await this.listen((this.db as unknown as { $client: pg.Pool }).$client);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const end = this.end;
    this.end = undefined;
    await end?.().catch(() => undefined);
  }

  /** Tells the other instances; within a transaction `tx`, when it commits. */
  async notify(message: T, tx: Database = this.db): Promise<void> {
    const payload = JSON.stringify({ ...message, from: this.instance });
    await tx.execute(sql`SELECT pg_notify(${this.channel}, ${payload})`);
  }

  /** Gives `message` to this instance's listeners (a listener that throws does not stop the others). */
  deliver(message: T): void {
    this.listeners.tell(message);
  }

  private onNotification(payload: string | undefined): void {
    try {
      const parsed = JSON.parse(payload ?? '') as Record<string, unknown>;
      if (parsed.from === this.instance) return;
      const message = this.parse(parsed);
      if (message) this.deliver(message);
    } catch (error) {
      this.log.warn({ err: error, channel: this.channel }, 'unreadable notification');
    }
  }

  /** One pool connection kept for LISTEN; when it breaks or stops answering, another is taken after a pause. */
  private async listen(pool: pg.Pool): Promise<void> {
    const connection = await pool.connect();
    let released = false;
    const heartbeat = setInterval(() => {
      connection.query('SELECT 1').catch(() => undefined);
    }, HEARTBEAT_MS).unref();
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      this.listeningNow = false;
      clearInterval(heartbeat);
      connection.release(error ?? true);
    };
    connection.on('notification', (message) => {
      if (message.channel === this.channel) this.onNotification(message.payload);
    });
    connection.on('error', (error) => {
      this.log.warn({ err: error, channel: this.channel }, 'the LISTEN connection failed; reconnecting');
      release(error);
      if (!this.stopped) setTimeout(() => void this.reconnect(pool), RECONNECT_MS).unref();
    });
    await connection.query(`LISTEN ${this.channel}`);
    this.listenings += 1;
    this.listeningNow = !released;
    this.end = async () => release();
  }

  private async reconnect(pool: pg.Pool): Promise<void> {
    if (this.stopped) return;
    try {
      await this.listen(pool);
    } catch (error) {
      this.log.warn(
        { err: error, channel: this.channel },
        'the LISTEN connection could not reconnect; retrying',
      );
      setTimeout(() => void this.reconnect(pool), RECONNECT_MS).unref();
    }
  }
}
