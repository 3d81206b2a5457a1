import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import type { GatewayLogger } from '../../gateway/logger';

/** A stored change of one device's alarms, numbered by the change log. */
export interface AlarmChange {
  tenantId: string;
  hexacode: string;
  id: number;
}

export type AlarmChangeListener = (change: AlarmChange) => void;

const CHANNEL = 'coldwatch_alarm_changes';
const RECONNECT_MS = 1000;

/**
 * Tells every server instance that an alarm changed, through the database they share (docs/decisions.md, "Alarm
 * fan-out"): the instance that stored the change hears it at once in process and NOTIFYs the others, which LISTEN
 * on a connection of their own (on PGlite, its in-process listen). An instance ignores its own notifications.
 */
export class ChangeFeed {
  private readonly instance = randomUUID();
  private readonly listeners = new Set<AlarmChangeListener>();
  private stopped = false;
  private end: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Database,
    private readonly log: GatewayLogger,
  ) {}

  subscribe(listener: AlarmChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async start(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) await this.listenPg(client);
    else await this.listenPglite(client as PGlite);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const end = this.end;
    this.end = undefined;
    await end?.().catch(() => undefined);
  }

  /** After a change is stored: this instance's clients now, the others' through NOTIFY. */
  async publish(change: AlarmChange): Promise<void> {
    this.deliver(change);
    const payload = JSON.stringify({ ...change, from: this.instance });
    await this.db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
  }

  private deliver(change: AlarmChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error }, 'alarms: change listener failed');
      }
    }
  }

  private onNotification(payload: string | undefined): void {
    try {
      const parsed = JSON.parse(payload ?? '') as AlarmChange & { from?: string };
      if (parsed.from === this.instance) return;
      if (typeof parsed.tenantId !== 'string' || typeof parsed.hexacode !== 'string') return;
      this.deliver({ tenantId: parsed.tenantId, hexacode: parsed.hexacode, id: Number(parsed.id) });
    } catch (error) {
      this.log.warn({ err: error }, 'alarms: unreadable change notification');
    }
  }

  private async listenPglite(client: PGlite): Promise<void> {
    const unlisten = await client.listen(CHANNEL, (payload) => this.onNotification(payload));
    this.end = unlisten;
  }

  /** One pool connection kept for LISTEN; when it breaks, another is taken after a pause. */
  private async listenPg(pool: pg.Pool): Promise<void> {
    const connection = await pool.connect();
    let released = false;
    const release = (error?: Error) => {
      if (released) return;
      released = true;
      connection.release(error ?? true);
    };
    connection.on('notification', (message) => {
      if (message.channel === CHANNEL) this.onNotification(message.payload);
    });
    connection.on('error', (error) => {
      this.log.warn({ err: error }, 'alarms: the change feed connection failed; reconnecting');
      release(error);
      if (!this.stopped) setTimeout(() => void this.reconnect(pool), RECONNECT_MS).unref();
    });
    await connection.query(`LISTEN ${CHANNEL}`);
    this.end = async () => release();
  }

  private async reconnect(pool: pg.Pool): Promise<void> {
    if (this.stopped) return;
    try {
      await this.listenPg(pool);
    } catch (error) {
      this.log.warn({ err: error }, 'alarms: the change feed could not reconnect; trying again');
      setTimeout(() => void this.reconnect(pool), RECONNECT_MS).unref();
    }
  }
}
