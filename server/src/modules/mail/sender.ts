import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { NotificationChannel } from '../../db/schema';
import type { Outbox, OutboxItem } from './outbox';

/** Thrown by a delivery that must not be retried (the server refused for good): the row is kept as failed. */
export class PermanentFailure extends Error {}

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseMs: number;
  maxMs: number;
  /** A row older than this is given up instead of retried (undefined: retried for as long as it takes). */
  giveUpAfterMs?: number | undefined;
}

export interface OutboxSenderOptions {
  outbox: Outbox;
  channel: NotificationChannel;
  deliver: (item: OutboxItem) => Promise<void>;
  retry: RetryPolicy;
  clock: Clock;
  log: FastifyBaseLogger;
  /** False while the database is migrated: the loop waits. */
  ready: () => boolean;
  /** How often the queue is looked at when nothing woke the loop (rows of other instances, retries). */
  pollMs: number;
  batch?: number;
  /** A claim outlives the slowest send (the transports time out sooner). */
  leaseMs?: number;
}

const backoffMs = (attempts: number, policy: RetryPolicy) =>
  Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));

/**
 * One channel's sending loop in this instance: claims due rows, delivers them a batch at a time, deletes the
 * delivered and reschedules the failed with exponential back-off. Runs beside the alarm path, never in it.
 */
export class OutboxSender {
  private stopped = true;
  private loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(private readonly options: OutboxSenderOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  /** Something was queued: look now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops after the batch under way (its results are recorded); what is left waits in the database. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { outbox, channel, log, ready, batch = 10, leaseMs = 120_000 } = this.options;
    while (!this.stopped) {
      this.woken = false;
      let claimed: OutboxItem[] = [];
      try {
        if (ready()) claimed = await outbox.claim(channel, batch, leaseMs);
      } catch (error) {
        log.error({ err: error, channel }, 'notifications: could not read the outbox');
      }
      await Promise.all(claimed.map((item) => this.attempt(item)));
      if (claimed.length < batch && !this.woken) await this.sleep();
    }
  }

  private async attempt(item: OutboxItem): Promise<void> {
    const { outbox, channel, deliver, log } = this.options;
    try {
      await deliver(item);
    } catch (error) {
      await this.failedAttempt(item, error);
      return;
    }
    try {
      await outbox.delivered(item.id);
    } catch (error) {
      // The claim runs out and the row is sent again: a delivery may repeat, none is lost.
      log.error({ err: error, channel, id: item.id }, `${channel}: delivered but not recorded as such`);
    }
  }

  private async failedAttempt(item: OutboxItem, error: unknown): Promise<void> {
    const { outbox, channel, retry, clock, log } = this.options;
    const reason = error instanceof Error ? error.message : String(error);
    const age = clock.now().getTime() - item.createdAt.getTime();
    const tooOld = retry.giveUpAfterMs !== undefined && age >= retry.giveUpAfterMs;
    try {
      if (error instanceof PermanentFailure || tooOld) {
        log.error({ channel, id: item.id, attempts: item.attempts, reason }, `${channel}: given up`);
        await outbox.failed(item.id, reason);
      } else {
        const waitMs = backoffMs(item.attempts, retry);
        log.warn({ channel, id: item.id, attempts: item.attempts, waitMs, reason }, `${channel}: will retry`);
        await outbox.retryAt(item.id, new Date(clock.now().getTime() + waitMs), reason);
      }
    } catch (recordError) {
      // The claim runs out and the row is tried again.
      log.error({ err: recordError, channel, id: item.id }, `${channel}: could not record a failure`);
    }
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.options.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = undefined;
        done();
      };
    });
  }
}
