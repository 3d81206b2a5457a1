import type { PageTopic, ServerMessage } from '#contracts';
import type { Freshness } from '../../gateway/gateway';
import type { GatewayLogger } from '../../gateway/logger';
import type { Client, Subscription } from './client';
import type { LiveLine } from '#contracts';

export interface OutboxOptions {
  /** Every connected client, looked through for lagging ones that have drained. */
  clients: ReadonlySet<Client>;
  log: GatewayLogger;
  /** Above this many queued bytes a client is lagging: updates are dropped and the client resynced later. */
  highWaterBytes?: number | undefined;
  lowWaterBytes?: number | undefined;
  /** A lagging client has drained: it needs its pages in full again. */
  resync(client: Client): void;
  /** When a page's values were reported and whether they are stale, sent with them (freshness.ts). */
  stamp(client: Client, topic: PageTopic): Freshness;
}

/**
 * Sending to clients: live values coalesced per page within one event-loop turn, and drop-and-resync for a slow
 * client, so one stalled browser neither grows the server's memory nor delays the others.
 */
export class Outbox {
  /**
   * `replacedUpdates`: line values a newer value of the same line replaced before a flush sent them; with
   * `droppedUpdates` (a lagging client's, whose pages are resent whole once it drains) every value that was not
   * delivered itself had its newer value delivered instead.
   */
  readonly counters = { droppedUpdates: 0, replacedUpdates: 0, resyncs: 0, sent: 0 };
  private readonly dirty = new Set<Client>();
  private flushScheduled: NodeJS.Immediate | undefined;
  private readonly resyncTimer: NodeJS.Timeout;

  constructor(private readonly options: OutboxOptions) {
    this.resyncTimer = setInterval(() => this.resyncLagging(), 100);
    this.resyncTimer.unref();
  }

  close(): void {
    clearInterval(this.resyncTimer);
    if (this.flushScheduled) clearImmediate(this.flushScheduled);
  }

  /** The client is gone: nothing of it is flushed any more. */
  forget(client: Client): void {
    this.dirty.delete(client);
  }

  /** Queues a line value for the next flush; a newer value of the same line replaces it. */
  enqueue(client: Client, sub: Subscription, value: LiveLine): void {
    if (client.lagging) {
      this.counters.droppedUpdates++;
      return;
    }
    let lines = client.pending.get(sub.key);
    if (!lines) client.pending.set(sub.key, (lines = new Map()));
    else if (lines.has(value.number)) this.counters.replacedUpdates++;
    lines.set(value.number, value);
    this.dirty.add(client);
    this.flushScheduled ??= setImmediate(() => this.flush());
  }

  send(client: Client, message: ServerMessage): void {
    this.sendText(client, JSON.stringify(message));
  }

  /** `messages`: how many messages the text carries (a flush's frame carries one a page). */
  sendText(client: Client, text: string, messages = 1): void {
    if (client.closed) return;
    try {
      client.port.send(text);
      this.counters.sent += messages;
    } catch (error) {
      this.options.log.warn({ err: error }, 'realtime: send failed');
    }
  }

  /**
   * Sends what accumulated during this event-loop turn: one LineValues message per page, all of a client's in one
   * frame (a JSON array when there are several). Each frame costs the browser a receive, a parse and a dispatch
   * whatever its size: at 20,000 updates/s one a page kept Chromium's two processes busier than the server.
   */
  private flush(): void {
    this.flushScheduled = undefined;
    const high = this.options.highWaterBytes ?? 1024 * 1024;
    for (const client of this.dirty) {
      if (client.closed) continue;
      if (client.port.bufferedAmount() > high) {
        // Slow client: stop queueing, drop what is pending, resend full pages once it has drained.
        client.lagging = true;
        for (const lines of client.pending.values()) this.counters.droppedUpdates += lines.size;
        client.pending.clear();
        continue;
      }
      const texts: string[] = [];
      for (const [key, lines] of client.pending) {
        const sub = client.subscriptions.get(key);
        if (!sub) continue;
        const payload = {
          ...sub.topic,
          lines: [...lines.values()],
          ...this.options.stamp(client, sub.topic),
        };
        texts.push(JSON.stringify({ type: 'LineValues', payload } satisfies ServerMessage));
      }
      client.pending.clear();
      if (texts.length === 0) continue;
      this.sendText(client, texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`, texts.length);
    }
    this.dirty.clear();
  }

  private resyncLagging(): void {
    const low = this.options.lowWaterBytes ?? 64 * 1024;
    for (const client of this.options.clients) {
      if (!client.lagging || client.port.bufferedAmount() > low) continue;
      client.lagging = false;
      this.counters.resyncs++;
      this.options.resync(client);
    }
  }
}
