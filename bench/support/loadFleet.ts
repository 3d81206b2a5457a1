import { eq } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';
import { devices, tenants } from '../../server/src/db/schema';
import { BENCH_DEPARTMENTS, BenchDevice } from './benchDevice';

/** The devices of bench/load.ts: thousands of CC-410s on an external broker, each publishing on a fixed period. */

const loadHexacode = (i: number) => (0xc00000 + i).toString(16).toUpperCase();

/**
 * Send times travel in the values themselves, so a receipt needs no lookup: milliseconds since the bench's epoch
 * as two base-4000 digits on lines 1 and 2 (raw tenths, within ±200 °C), enough for 4.4 hours. A page is
 * published every two periods, so at least one of the two digits changes and the server always has news to send.
 */
const DIGIT = 4000;
export const SENT_AT_LINES = [1, 2] as const;
const encodeSentAt = (ms: number): [number, number] => {
  const t = Math.round(ms);
  return [(t % DIGIT) - DIGIT / 2, (Math.floor(t / DIGIT) % DIGIT) - DIGIT / 2];
};
export const decodeSentAt = (low: number, high: number) => (high + DIGIT / 2) * DIGIT + low + DIGIT / 2;

/**
 * Registers `count` CC-410s in the demo tenant straight in the database, before the instances start (as the
 * scale-out test seeds): through the admin API it would take minutes and prove nothing this bench measures. No
 * credential: an external broker authenticates devices itself, and the machine's Mosquitto lets anyone in.
 */
export async function seedLoadDevices(db: Database, count: number): Promise<void> {
  const [demo] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'demo'));
  const rows = Array.from({ length: count }, (_, i) => ({
    tenantId: demo!.id,
    hexacode: loadHexacode(i),
    model: 'CC-410',
    name: `Load case ${i + 1}`,
    type: 'REAL_DEVICE' as const,
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(devices).values(rows.slice(i, i + 1000));
}

/** One publish: which device, which of its departments, and when it left (ms since the epoch). */
export type OnPublish = (device: number, department: number, sentAt: number) => void;

export class LoadFleet {
  readonly devices: BenchDevice[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly prefix: string,
  ) {}

  /** Connects the devices, `parallel` at a time (each announces itself and its departments at QoS 1). */
  async connect(count: number, parallel = 100): Promise<void> {
    for (let i = 0; i < count; i += parallel) {
      const batch = Array.from(
        { length: Math.min(parallel, count - i) },
        (_, j) => new BenchDevice(this.url, 'demo', loadHexacode(i + j), 'unused', this.prefix),
      );
      await Promise.all(batch.map((device) => device.connect()));
      this.devices.push(...batch);
    }
  }

  /**
   * Every device publishes once per `periodMs`, its departments in turn, the fleet spread evenly over the period
   * as independent controllers would be: every 5 ms the publishes owed since the start go out, device by device.
   */
  start(periodMs: number, epoch: number, onPublish: OnPublish): void {
    const count = this.devices.length;
    const started = performance.now();
    let sent = 0;
    this.timer = setInterval(() => {
      const owed = Math.floor(((performance.now() - started) * count) / periodMs);
      for (; sent < owed; sent++) {
        const index = sent % count;
        const department = Math.floor(sent / count) % BENCH_DEPARTMENTS.length;
        // Whole milliseconds, as the values carry it: a publish is in the window or not for both sides alike.
        const at = Math.round(performance.timeOrigin + performance.now() - epoch);
        const [low, high] = encodeSentAt(at);
        // Lines 3 and 4 hold still: only the two carrying the send time change.
        this.devices[index]!.publishLines(department, { 1: low, 2: high, 3: 40, 4: -180 });
        onPublish(index, department, at);
      }
    }, 5);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Leaves the shared broker as it was: retained messages emptied, connections ended. */
  async close(): Promise<void> {
    this.stop();
    await Promise.allSettled(this.devices.map(async (d) => (await d.clearRetained(), await d.close())));
  }
}
