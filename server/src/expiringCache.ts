/**
 * A map whose entries are forgotten `ttlMs` after they were set (on the process's monotonic clock, not the app's
 * Clock, which tests move by days), holding at most `maxEntries` (the oldest go first). For answers that change
 * rarely and are asked for on every request: the tenant of a host, the session of a token.
 */
export function createExpiringCache<K, V>(ttlMs: number, maxEntries: number) {
  const entries = new Map<K, { value: V; until: number }>();
  return {
    get(key: K): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (performance.now() < entry.until) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, until: performance.now() + ttlMs });
    },
    delete(key: K): void {
      entries.delete(key);
    },
    /** Forgets every entry whose value `matches`. */
    deleteWhere(matches: (value: V) => boolean): void {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
  };
}
