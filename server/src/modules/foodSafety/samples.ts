import { decodeSamples } from '../history/packing';
import type { HistoryStore } from '../history/store';
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
  const byBuffer = new Map<number, Map<number, [value: number, span: number]>>();
  const add = (bufferId: number, at: number, value: number, span: number) => {
    if (at < from || at >= to || Number.isNaN(value)) return;
    let samples = byBuffer.get(bufferId);
    if (!samples) byBuffer.set(bufferId, (samples = new Map()));
    samples.set(at, [value, span]);
  };
  for (const chunk of chunks) {
    const values = decodeSamples(chunk.samples);
    for (let i = 0; i < values.length; i++) {
      add(chunk.bufferId, chunk.firstAt + i * chunk.intervalMs, values[i]!, chunk.intervalMs);
    }
  }
  for (const s of staged) add(s.bufferId, s.at, s.value, s.intervalMs);
  for (const [bufferId, samples] of byBuffer) {
    const ats = Float64Array.from(samples.keys()).sort();
    const values = new Float32Array(ats.length);
    const spans = new Float64Array(ats.length);
    ats.forEach((at, i) => {
      const [value, span] = samples.get(at)!;
      values[i] = value;
      spans[i] = span;
    });
    result.set(bufferId, { ats, values, spans });
  }
  return result;
}
