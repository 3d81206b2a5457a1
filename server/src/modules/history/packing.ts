/**
 * How samples are packed into rows (docs/decisions/, "History storage"): chunks of float32 values whose times
 * are implied by their first sample time and interval, and hourly rollups packed per UTC day.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Samples in a chunk of an interval under a minute; a minute or more packs a UTC day (at most 1,440). */
const CHUNK_SLOTS = 1440;

/** The time one chunk row covers: at most a day, so a range query looks back at most one day for a chunk. */
const chunkSpanMs = (intervalMs: number): number =>
  intervalMs >= MINUTE_MS ? DAY_MS : intervalMs * CHUNK_SLOTS;

/** Slots of a chunk of this interval (its last slot may start before the span ends). */
export const chunkSlots = (intervalMs: number): number => Math.ceil(chunkSpanMs(intervalMs) / intervalMs);

/**
 * The chunk holding the sample at `atMs`: its first slot's time (the sample's phase kept, so runs that began at
 * different times never share a chunk) and the sample's slot in it.
 */
export function chunkOf(atMs: number, intervalMs: number): { firstAt: number; slot: number } {
  const span = chunkSpanMs(intervalMs);
  const spanStart = Math.floor(atMs / span) * span;
  const slot = Math.floor((atMs - spanStart) / intervalMs);
  return { firstAt: atMs - slot * intervalMs, slot };
}

/** Little-endian float32 bytes → values (NaN = gap). */
export function decodeSamples(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(bytes.byteLength >> 2);
  for (let i = 0; i < values.length; i++) values[i] = view.getFloat32(i * 4, true);
  return values;
}

/** Values → little-endian float32 bytes, without the gaps that trail the last sample. */
export function encodeSamples(values: Float32Array): Uint8Array {
  let length = values.length;
  while (length > 0 && Number.isNaN(values[length - 1]!)) length--;
  const bytes = new Uint8Array(length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < length; i++) view.setFloat32(i * 4, values[i]!, true);
  return bytes;
}

const HOUR_BYTES = 14;

/**
 * Count, min, max and mean of each UTC hour of one day, packed as 24 × (count u16, min f32, max f32, mean f32),
 * 336 bytes: a mean with its count adds into any wider bucket as a sum would (an hour holds at most 3,600 samples
 * of a run, a few runs at most when the interval changes). Kept as sums while in memory.
 */
export class DayRollup {
  readonly count = new Uint32Array(24);
  readonly min = new Float64Array(24).fill(Infinity);
  readonly max = new Float64Array(24).fill(-Infinity);
  readonly sum = new Float64Array(24);

  add(hour: number, value: number): void {
    this.count[hour]!++;
    this.sum[hour]! += value;
    if (value < this.min[hour]!) this.min[hour] = value;
    if (value > this.max[hour]!) this.max[hour] = value;
  }

  merge(other: DayRollup): void {
    for (let h = 0; h < 24; h++) {
      if (other.count[h] === 0) continue;
      this.count[h]! += other.count[h]!;
      this.sum[h]! += other.sum[h]!;
      this.min[h] = Math.min(this.min[h]!, other.min[h]!);
      this.max[h] = Math.max(this.max[h]!, other.max[h]!);
    }
  }

  encode(): Uint8Array {
    const bytes = new Uint8Array(24 * HOUR_BYTES);
    const view = new DataView(bytes.buffer);
    for (let h = 0; h < 24; h++) {
      const n = this.count[h]!;
      const at = h * HOUR_BYTES;
      view.setUint16(at, n, true);
      view.setFloat32(at + 2, n ? this.min[h]! : NaN, true);
      view.setFloat32(at + 6, n ? this.max[h]! : NaN, true);
      view.setFloat32(at + 10, n ? this.sum[h]! / n : NaN, true);
    }
    return bytes;
  }

  static decode(bytes: Uint8Array): DayRollup {
    const rollup = new DayRollup();
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let h = 0; h < 24 && (h + 1) * HOUR_BYTES <= bytes.byteLength; h++) {
      const at = h * HOUR_BYTES;
      const n = view.getUint16(at, true);
      if (n === 0) continue;
      rollup.count[h] = n;
      rollup.min[h] = view.getFloat32(at + 2, true);
      rollup.max[h] = view.getFloat32(at + 6, true);
      rollup.sum[h] = view.getFloat32(at + 10, true) * n;
    }
    return rollup;
  }
}

/** Days since the epoch of a UTC day, and back. */
export const dayOf = (atMs: number): number => Math.floor(atMs / DAY_MS);
