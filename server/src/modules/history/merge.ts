import {
  chunkOf,
  chunkSlots,
  DAY_MS,
  DayRollup,
  dayOf,
  decodeSamples,
  encodeSamples,
  HOUR_MS,
} from './packing';
import type { ChunkRow, HistoryStore, RollupRow } from './store';

interface DraftChunk {
  bufferId: number;
  intervalMs: number;
  firstAt: number;
  /** NaN where this draft has no sample. */
  values: Float32Array;
}

/** Samples to pack, gathered by the chunk each belongs to. */
export class ChunkDrafts {
  private readonly drafts = new Map<string, DraftChunk>();

  add(bufferId: number, intervalMs: number, at: number, value: number): void {
    if (!Number.isFinite(value)) return;
    const { firstAt, slot } = chunkOf(at, intervalMs);
    this.draft(bufferId, intervalMs, firstAt).values[slot] = value;
  }

  /** A run of samples: values[i] at firstAt + i × interval (NaN = gap). */
  addRun(bufferId: number, firstAt: number, intervalMs: number, values: ArrayLike<number>): void {
    let i = 0;
    while (i < values.length) {
      const at = firstAt + i * intervalMs;
      const { firstAt: chunkAt, slot } = chunkOf(at, intervalMs);
      const draft = this.draft(bufferId, intervalMs, chunkAt).values;
      const n = Math.min(draft.length - slot, values.length - i);
      for (let k = 0; k < n; k++) {
        const value = values[i + k]!;
        if (Number.isFinite(value)) draft[slot + k] = value;
      }
      i += n;
    }
  }

  get size(): number {
    return this.drafts.size;
  }

  bufferIds(): number[] {
    return [...new Set([...this.drafts.values()].map((d) => d.bufferId))];
  }

  values(): IterableIterator<DraftChunk> {
    return this.drafts.values();
  }

  private draft(bufferId: number, intervalMs: number, firstAt: number): DraftChunk {
    const key = `${bufferId}/${intervalMs}/${firstAt}`;
    let draft = this.drafts.get(key);
    if (!draft) {
      const values = new Float32Array(chunkSlots(intervalMs)).fill(NaN);
      this.drafts.set(key, (draft = { bufferId, intervalMs, firstAt, values }));
    }
    return draft;
  }
}

const chunkKey = (c: Omit<ChunkRow, 'samples'>) => `${c.bufferId}/${c.intervalMs}/${c.firstAt}`;

/**
 * Writes drafts into their chunks and the hourly rollups, inside the caller's transaction, which holds the locks
 * of the buffers. A slot that already holds a sample keeps it: the first recorded value wins, so replaying the same
 * samples (a retried compaction, a second instance, an import over recorded data) changes nothing, and only
 * samples actually added count in the rollups. Answers how many samples were added.
 */
export async function mergeDrafts(store: HistoryStore, drafts: ChunkDrafts): Promise<number> {
  const existing = new Map(
    (await store.chunksByKey([...drafts.values()])).map((row) => [chunkKey(row), row]),
  );
  const rollups = new Map<string, { bufferId: number; day: number; rollup: DayRollup }>();
  const rollupOf = (bufferId: number, day: number) => {
    const key = `${bufferId}/${day}`;
    let entry = rollups.get(key);
    if (!entry) rollups.set(key, (entry = { bufferId, day, rollup: new DayRollup() }));
    return entry.rollup;
  };

  const writes: ChunkRow[] = [];
  let added = 0;
  for (const draft of drafts.values()) {
    const stored = existing.get(chunkKey(draft));
    const merged = new Float32Array(draft.values.length).fill(NaN);
    if (stored) merged.set(decodeSamples(stored.samples).subarray(0, merged.length));
    let changed = false;
    for (let slot = 0; slot < merged.length; slot++) {
      const value = draft.values[slot]!;
      if (Number.isNaN(value) || !Number.isNaN(merged[slot]!)) continue;
      merged[slot] = value;
      changed = true;
      added++;
      const at = draft.firstAt + slot * draft.intervalMs;
      rollupOf(draft.bufferId, dayOf(at)).add(Math.floor((at % DAY_MS) / HOUR_MS), value);
    }
    if (changed) writes.push({ ...draft, samples: encodeSamples(merged) });
  }
  await store.upsertChunks(writes);

  const stored = new Map(
    (await store.rollupsByKey([...rollups.values()])).map((row) => [`${row.bufferId}/${row.day}`, row]),
  );
  const rollupWrites: RollupRow[] = [...rollups].map(([key, { bufferId, day, rollup }]) => {
    const before = stored.get(key);
    if (before) rollup.merge(DayRollup.decode(before.hours));
    return { bufferId, day, hours: rollup.encode() };
  });
  await store.upsertRollups(rollupWrites);
  return added;
}
