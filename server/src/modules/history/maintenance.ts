import type { GatewayLogger } from '../../gateway/logger';
import type { HistoryService } from './service';

/** How often staged samples are packed: often enough to keep staging small, rarely enough to rewrite a chunk little. */
const COMPACTION_EVERY_MS = 10 * 60_000;
const RETENTION_EVERY_MS = 60 * 60_000;
/** The first retention run waits for the start to settle. */
const FIRST_RETENTION_AFTER_MS = 60_000;

/**
 * Runs compaction and retention on timers, one job at a time in this instance; between instances the jobs'
 * locks and their idempotence keep it safe.
 */
export class HistoryMaintenance {
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly history: Pick<HistoryService, 'compact' | 'applyRetention'>,
    private readonly log: GatewayLogger,
    private readonly ready: () => boolean,
  ) {}

  start(): void {
    const schedule = (ms: number, job: () => Promise<unknown>, name: string) => {
      const run = () => {
        if (!this.ready()) return;
        this.running = this.running
          .then(job)
          .catch((error: unknown) => this.log.error({ err: error }, `history: ${name} failed`));
      };
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
      return run;
    };
    schedule(COMPACTION_EVERY_MS, () => this.history.compact(), 'compaction');
    const retention = schedule(RETENTION_EVERY_MS, () => this.history.applyRetention(), 'retention');
    const first = setTimeout(retention, FIRST_RETENTION_AFTER_MS);
    first.unref();
    this.timers.push(first);
  }

  /** Stops the timers and waits for a job under way. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    await this.running;
  }
}
