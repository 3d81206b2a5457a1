import type { FastifyBaseLogger } from 'fastify';

/** More waiting work than this is a flood from many addresses at once: what comes on top is dropped, and said. */
const MAX_WAITING = 1_000;

/**
 * Work done after a request was answered, one item at a time in the order asked: its answer cannot wait for it, so
 * neither the answer nor its time can tell what the work found. A failure is logged; the client was told nothing
 * else anyway. What a crash cuts off is lost, as an e-mail lost on its way would be: the user asks again.
 */
export function createAfterAnswerQueue(log: Pick<FastifyBaseLogger, 'error' | 'warn'>) {
  let chain: Promise<void> = Promise.resolve();
  let waiting = 0;
  return {
    add(work: () => Promise<void>): void {
      if (waiting >= MAX_WAITING) {
        log.warn({ waiting }, 'recovery: too many requests waiting; one was dropped');
        return;
      }
      waiting++;
      chain = chain
        // setImmediate: after the I/O of this turn, the answer's included.
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, 'recovery: a request failed after its answer'))
        .finally(() => void waiting--);
    },
    idle: (): Promise<void> => chain,
  };
}
