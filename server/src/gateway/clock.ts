import { MAX_CLOCK_AHEAD_MS } from './protocol';

/** The gateway's time and timers, replaceable in tests so a 60 s timeout needs no 60 s wait. */
export interface GatewayClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemGatewayClock: GatewayClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    // A pending lost-device timer must not keep a stopping process alive.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * Runs `work` every `periodMs` on `clock`, the first time one period from now, until the returned function stops
 * it (also from within `work`: the next run is scheduled before `work` runs).
 */
function repeatEvery(clock: GatewayClock, periodMs: number, work: () => void): () => void {
  let timer: unknown;
  const tick = () => {
    timer = clock.setTimeout(tick, periodMs);
    work();
  };
  timer = clock.setTimeout(tick, periodMs);
  return () => clock.clearTimeout(timer);
}

/** A gateway part's periodic work (a sweep, a round): run every `periodMs` between start() and stop(). */
export class Repeating {
  private stopRepeating: (() => void) | undefined;

  constructor(
    private readonly clock: GatewayClock,
    private readonly periodMs: number,
    private readonly work: () => void,
  ) {}

  start(): void {
    this.stopRepeating = repeatEvery(this.clock, this.periodMs, this.work);
  }

  stop(): void {
    this.stopRepeating?.();
    this.stopRepeating = undefined;
  }
}

/** Whether a device's timestamp lies further ahead of the server's clock than a drifting clock would. */
export const aheadOfClock = (ts: number | undefined, now: number): boolean =>
  ts !== undefined && ts > now + MAX_CLOCK_AHEAD_MS;
