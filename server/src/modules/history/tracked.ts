import { departmentKey, lineKey, type AdfRegistry } from '../../gateway/adf/loader';
import type { AdfLine } from '../../gateway/adf/schema';
import type { LineAddress } from '../../gateway/addresses';
import { adfLineOf } from './lines';
import type { RecordedBuffer } from './repository';

/** A buffer being recorded: when its samples fall, which of them was taken, how to read its line. */
export class TrackedBuffer {
  readonly intervalMs: number;
  readonly startMs: number;
  /** The last sample slot taken: each slot is taken from the first reading in its window only. */
  private lastSlot = -1;
  /** A virtual line's last computed value (null: no value); undefined until first read. */
  virtualValue: number | null | undefined;

  constructor(
    readonly row: RecordedBuffer,
    /** The ADF line of a real device; undefined for a virtual one. */
    readonly adfLine: AdfLine | undefined,
  ) {
    this.intervalMs = row.intervalSeconds * 1000;
    this.startMs = row.startAt.getTime();
  }

  get id(): number {
    return this.row.id;
  }

  /** Same buffer, same samples: what was taken carries over a reload. */
  sameAs(other: TrackedBuffer): boolean {
    return other.id === this.id && other.intervalMs === this.intervalMs && other.startMs === this.startMs;
  }

  carryOver(previous: TrackedBuffer): void {
    this.lastSlot = previous.lastSlot;
    this.virtualValue = previous.virtualValue;
  }

  /**
   * The time of sample k when `nowMs` falls in its window [start + k × interval, start + (k + 1) × interval) and
   * sample k was not taken yet; null otherwise.
   */
  take(nowMs: number): number | null {
    if (nowMs < this.startMs) return null;
    const slot = Math.floor((nowMs - this.startMs) / this.intervalMs);
    if (slot <= this.lastSlot) return null;
    this.lastSlot = slot;
    return this.startMs + slot * this.intervalMs;
  }
}

const departmentOf = (b: RecordedBuffer) =>
  `${b.tenant}/${b.hexacode}/${departmentKey(b.department, b.subDepartment)}`;
export const virtualLineKey = (l: LineAddress) =>
  `${l.tenant}/${l.hexacode}/${departmentKey(l.department, l.subDepartment)}/${lineKey(l.page, l.line)}`;

/** The recorded buffers, indexed by what announces their values: a device department, or a virtual line. */
export class TrackedBuffers {
  readonly byDepartment = new Map<string, TrackedBuffer[]>();
  readonly byVirtualLine = new Map<string, TrackedBuffer[]>();
  readonly virtual: TrackedBuffer[] = [];

  /** Buffers whose line is unknown (no device, no ADF, no such line) are left out until a reload finds them. */
  static build(rows: RecordedBuffer[], adfs: AdfRegistry, previous?: TrackedBuffers): TrackedBuffers {
    const tracked = new TrackedBuffers();
    const before = new Map(previous?.all().map((b) => [b.id, b]));
    for (const row of rows) {
      const isVirtual = row.deviceType === 'VIRTUAL_DEVICE';
      const adfLine = !isVirtual && row.model ? adfLineOf(adfs, row.model, row) : undefined;
      if (!isVirtual && !adfLine) continue;
      const buffer = new TrackedBuffer(row, adfLine);
      const old = before.get(row.id);
      if (old && buffer.sameAs(old)) buffer.carryOver(old);
      if (isVirtual) {
        push(tracked.byVirtualLine, virtualLineKey(row), buffer);
        tracked.virtual.push(buffer);
      } else push(tracked.byDepartment, departmentOf(row), buffer);
    }
    return tracked;
  }

  all(): TrackedBuffer[] {
    return [...[...this.byDepartment.values()].flat(), ...this.virtual];
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
