import type { GatewayLogger } from '../../gateway/logger';
import { yieldToEventLoop } from './jobs';
import type { SampleColumns } from './store';

/** Rows one staging insert writes at most: enough to amortise a round trip, few enough to stay short. */
const ROWS_PER_INSERT = 5_000;
/** While the database is unreachable samples wait here; past this many the oldest are dropped (and logged). */
const MAX_PENDING = 2_000_000;

const emptyColumns = (): SampleColumns => ({ bufferIds: [], intervalsS: [], ats: [], values: [] });

/**
 * Recorded samples waiting for their staging insert. A sample counts as recorded (acknowledged) once the insert
 * that carries it has committed; flush() resolves when everything queued before the call has.
 */
export class SampleQueue {
  private pending = emptyColumns();
  private chain: Promise<void> = Promise.resolve();
  private dropped = 0;
  private written = 0;

  constructor(
    private readonly stage: (batch: SampleColumns) => Promise<void>,
    private readonly log: GatewayLogger,
  ) {}

  get size(): number {
    return this.pending.bufferIds.length;
  }

  metrics(): { pending: number; written: number; dropped: number } {
    return { pending: this.size, written: this.written, dropped: this.dropped };
  }

  push(bufferId: number, intervalS: number, at: number, value: number): void {
    const p = this.pending;
    p.bufferIds.push(bufferId);
    p.intervalsS.push(intervalS);
    p.ats.push(at);
    p.values.push(value);
  }

  /** Writes what is queued now, after any write already under way; rejects when the database refused it. */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.writeAll());
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async writeAll(): Promise<void> {
    const batch = this.pending;
    this.pending = emptyColumns();
    for (let from = 0; from < batch.bufferIds.length; from += ROWS_PER_INSERT) {
      const part = slice(batch, from, from + ROWS_PER_INSERT);
      try {
        await this.stage(part);
        this.written += part.bufferIds.length;
        await yieldToEventLoop();
      } catch (error) {
        this.requeue(slice(batch, from, batch.bufferIds.length));
        this.log.warn({ err: error, pending: this.size }, 'history: staging samples failed, will retry');
        throw error;
      }
    }
  }

  /** Puts unwritten samples back in front of those queued meanwhile, keeping at most MAX_PENDING. */
  private requeue(rest: SampleColumns): void {
    const merged = emptyColumns();
    for (const key of Object.keys(merged) as (keyof SampleColumns)[]) {
      merged[key] = rest[key].concat(this.pending[key]);
    }
    const excess = merged.bufferIds.length - MAX_PENDING;
    if (excess > 0) {
      this.dropped += excess;
      this.log.error(
        { dropped: excess },
        'history: too many samples waiting for the database, dropped the oldest',
      );
    }
    this.pending = excess > 0 ? slice(merged, excess, merged.bufferIds.length) : merged;
  }
}

function slice(columns: SampleColumns, from: number, to: number): SampleColumns {
  return {
    bufferIds: columns.bufferIds.slice(from, to),
    intervalsS: columns.intervalsS.slice(from, to),
    ats: columns.ats.slice(from, to),
    values: columns.values.slice(from, to),
  };
}
