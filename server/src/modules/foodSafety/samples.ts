import { decodeSamples } from '../history/packing';
import type { ChunkRow, HistoryStore, StagedRow } from '../history/store';
import type { SampleSeries } from './figures';

/**
 * The raw samples of buffers over [from, to), by buffer: packed chunks and the staged samples not packed yet, a
 * sample in both counted once. Two statements whatever the number of buffers, each reading only the rows of the
 * range by primary key; the packed float32 bytes are decoded here (PostgreSQL has no reader for them).
 */
export async function readSeries(
  store: Pick<HistoryStore, 'chunks' | 'staged'>,
  bufferIds: number[],
  from: number,
  to: number,
): Promise<Map<number, SampleSeries>> {
  const result = new Map<number, SampleSeries>();
  if (bufferIds.length === 0) return result;
  const [chunks, staged] = await Promise.all([
    store.chunks(bufferIds, from, to),
    store.staged(bufferIds, from, to),
  ]);
  const chunksOf = groupBy(chunks, (c) => c.bufferId);
  const stagedOf = groupBy(staged, (s) => s.bufferId);
  for (const bufferId of new Set([...chunksOf.keys(), ...stagedOf.keys()])) {
    const series = collect(chunksOf.get(bufferId) ?? [], stagedOf.get(bufferId) ?? [], from, to);
    if (series.ats.length > 0) result.set(bufferId, series);
  }
  return result;
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** One buffer's samples in time order: its chunks decoded in order, then the staged ones not packed already. */
function collect(chunks: ChunkRow[], staged: StagedRow[], from: number, to: number): SampleSeries {
  chunks.sort((a, b) => a.firstAt - b.firstAt);
  const decoded = chunks.map((c) => decodeSamples(c.samples));
  const capacity = decoded.reduce((n, values) => n + values.length, 0) + staged.length;
  const ats = new Float64Array(capacity);
  const values = new Float32Array(capacity);
  const spans = new Float64Array(capacity);
  let n = 0;
  const push = (at: number, value: number, span: number) => {
    if (at < from || at >= to || Number.isNaN(value)) return;
    ats[n] = at;
    values[n] = value;
    spans[n] = span;
    n++;
  };
  chunks.forEach((chunk, k) => {
    const samples = decoded[k]!;
    for (let i = 0; i < samples.length; i++)
      push(chunk.firstAt + i * chunk.intervalMs, samples[i]!, chunk.intervalMs);
  });
  const packed = new Set(ats.subarray(0, n));
  // A copy staged after its sample was packed (two instances racing a compaction) counts once.
  for (const s of staged) if (!packed.has(s.at)) push(s.at, s.value, s.intervalMs);
  return sorted(ats.subarray(0, n), values.subarray(0, n), spans.subarray(0, n));
}

/** The samples in time order (chunks of two intervals may interleave, staged samples come last). */
function sorted(ats: Float64Array, values: Float32Array, spans: Float64Array): SampleSeries {
  let ordered = true;
  for (let i = 1; i < ats.length && ordered; i++) ordered = ats[i - 1]! < ats[i]!;
  if (ordered) return { ats, values, spans };
  const order = Array.from(ats.keys()).sort((a, b) => ats[a]! - ats[b]!);
  return {
    ats: Float64Array.from(order, (i) => ats[i]!),
    values: Float32Array.from(order, (i) => values[i]!),
    spans: Float64Array.from(order, (i) => spans[i]!),
  };
}
