import { vi } from 'vitest';

/**
 * `vi.waitFor` gives up after 1 s unless told otherwise: a wall-clock margin that a loaded two-core machine breaks
 * (a render or a reply can take longer there), not a sign that what it waits for is missing. Here it waits up to
 * 20 s, as findBy… does (tests/ui/setup.ts); a call that names its own timeout keeps it.
 */
const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback, options) =>
  waitFor(callback, {
    timeout: 20_000,
    ...(typeof options === 'number' ? { timeout: options } : options),
  })) as typeof vi.waitFor;
