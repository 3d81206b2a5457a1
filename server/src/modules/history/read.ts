import { Buckets } from './buckets';
import { DayRollup, dayOf, DAY_MS, decodeSamples, HOUR_MS } from './packing';
import type { ChunkRow, HistoryStore, StagedRow } from './store';

/**
 * Fills the buckets of each buffer from what is stored. Buckets of whole hours read the hourly rollups (a year is
 * 365 small rows per series); finer ones read the packed chunks. Either way the staged samples, not compacted yet,
 * are added, so a sample is queryable as soon as its flush committed.
 */
export async function readBuckets(
  store: HistoryStore,
  bufferIds: number[],
  layout: { start: number; width: number; length: number },
): Promise<Map<number, Buckets>> {
  const result = new Map(
    bufferIds.map((id) => [id, new Buckets(layout.start, layout.width, layout.length)] as const),
  );
  if (bufferIds.length === 0) return result;
  const { start, width } = layout;
  const end = start + layout.length * width;
  const staged = await store.staged(bufferIds, start, end);
  if (width % HOUR_MS === 0) {
    for (const row of await store.rollups(bufferIds, dayOf(start), dayOf(end - 1))) {
      addRollup(result.get(row.bufferId)!, row.day, DayRollup.decode(row.hours));
    }
    for (const s of staged) result.get(s.bufferId)!.add(s.at, s.value);
    return result;
  }
  const chunks = await store.chunks(bufferIds, start, end);
  const packed = addChunks(result, chunks, stagedSince(staged));
  for (const s of staged) {
    // A copy staged after its sample was packed (two instances racing a compaction) counts once.
    if (!packed.has(`${s.bufferId}/${s.at}`)) result.get(s.bufferId)!.add(s.at, s.value);
  }
  return result;
}

function addRollup(buckets: Buckets, day: number, rollup: DayRollup): void {
  for (let h = 0; h < 24; h++) {
    const n = rollup.count[h]!;
    if (n === 0) continue;
    buckets.addSummary(day * DAY_MS + h * HOUR_MS, n, rollup.sum[h]!, rollup.min[h]!, rollup.max[h]!);
  }
}

/** Earliest staged sample of each buffer: packed samples from then on are remembered to drop staged copies. */
function stagedSince(staged: StagedRow[]): Map<number, number> {
  const since = new Map<number, number>();
  for (const s of staged) since.set(s.bufferId, Math.min(since.get(s.bufferId) ?? Infinity, s.at));
  return since;
}

function addChunks(
  result: Map<number, Buckets>,
  chunks: ChunkRow[],
  stagedFrom: Map<number, number>,
): Set<string> {
  const packed = new Set<string>();
  for (const chunk of chunks) {
    const buckets = result.get(chunk.bufferId)!;
    const values = decodeSamples(chunk.samples);
    const watchFrom = stagedFrom.get(chunk.bufferId) ?? Infinity;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (Number.isNaN(value)) continue;
      const at = chunk.firstAt + i * chunk.intervalMs;
      buckets.add(at, value);
      if (at >= watchFrom) packed.add(`${chunk.bufferId}/${at}`);
    }
  }
  return packed;
}
