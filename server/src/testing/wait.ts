import { inspect } from 'node:util';

type Falsy = undefined | null | false;

export interface EventuallyOptions {
  /** What the test waits for, as its failure names it: 'the alarm e-mail in the outbox'. */
  what: string;
  /**
   * How long before giving up. The default is a failure detector, not a margin: what a test waits for comes in
   * milliseconds, and a loaded two-core machine must not fail it. It stays under the tests' own timeouts (30 s,
   * server 120 s), so the failure names what did not happen instead of vitest's bare timeout.
   */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const POLL_MS = 20;

/**
 * Waits for an effect a test cannot await (a server, a broker, a browser or a sending loop acting on its own):
 * polls `check` until it gives something truthy, which it answers. A check may also throw (an `expect`): it is
 * tried again until it passes. Fails with `what`, how long it waited and what the last check gave.
 */
export async function eventually<T>(
  check: () => T | Falsy | Promise<T | Falsy>,
  { what, timeoutMs = DEFAULT_TIMEOUT_MS }: EventuallyOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: string;
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
      last = `gave ${inspect(value)}`;
    } catch (error) {
      last = `threw ${error instanceof Error ? error.message : inspect(error)}`;
    }
    if (Date.now() > deadline)
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}; the last check ${last}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
