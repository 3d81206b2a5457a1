/**
 * Work that must not overlap for one key (a device's alarms, a client address's sign-in attempts) runs one piece at a
 * time for that key, in the order it was handed over, while other keys go side by side. A failed piece does not stop
 * the ones after it.
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    /** Runs `work` once everything queued before it for `key` has settled; answers what `work` answers. */
    run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const result = (tails.get(key) ?? Promise.resolve()).then(work);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    /** Resolves once everything queued so far has settled. */
    idle: async (): Promise<void> => void (await Promise.all(tails.values())),
  };
}
