import * as v from 'valibot';
import type { Clock } from '../../clock';
import { departmentKey, lineKey } from '../../gateway/adf/loader';
import type { GatewayEvent } from '../../gateway/events';
import type { GatewayLogger } from '../../gateway/logger';
import { ValuesMessage } from '../../gateway/protocol';
import type { GatewayAccess } from '../devices/gateway-access';
import { recordedValue } from './lines';
import { SampleQueue } from './queue';
import type { HistoryRepository } from './repository';
import type { SampleColumns } from './store';
import { type TrackedBuffer, TrackedBuffers, virtualLineKey } from './tracked';

export interface RecorderOptions {
  repository: Pick<HistoryRepository, 'recorded' | 'recordedVersion'>;
  stage: (batch: SampleColumns) => Promise<void>;
  access: GatewayAccess & { readonly started: boolean };
  clock: Clock;
  log: GatewayLogger;
  /** False while the database is being migrated: nothing is read or written before. */
  ready?: () => boolean;
  /** How often queued samples are written and virtual lines sampled. Default 1 s. */
  flushMs?: number;
  /** How often the buffers are reloaded from the database. Default 5 s. */
  reloadMs?: number;
}

/** `<prefix>/<tenant>/<hexacode>/departments/<d>.<s>/values` → "tenant/hexacode/d.s". */
const VALUES_TOPIC = /([^/]+)\/([^/]+)\/departments\/(\d{1,3})\.(\d{1,3})\/values$/;

/**
 * Records the buffers' samples from the live values: a device's values messages (every instance hears each and
 * records it; the database keeps the first copy of a sample, so an instance killed with samples not yet written
 * loses none that another instance heard) and virtual devices' computed lines. Sample k of a buffer is taken from the first reading
 * whose receive time falls in its window; a window without one is a gap.
 */
export class HistoryRecorder {
  private tracked = new TrackedBuffers();
  private readonly queue: SampleQueue;
  private readonly counters = { received: 0, retained: 0, invalid: 0, clockAhead: 0, recorded: 0 };
  private timers: NodeJS.Timeout[] = [];
  private connecting: Promise<void> | undefined;
  private disconnect: (() => Promise<void>) | undefined;
  private version = '';

  constructor(private readonly options: RecorderOptions) {
    this.queue = new SampleQueue(options.stage, options.log);
  }

  /** Connects as soon as the gateway and the database are there, then flushes and reloads on its timers. */
  start(): void {
    const { flushMs = 1000, reloadMs = 5000 } = this.options;
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch(() => undefined), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(flushMs, async () => {
      await this.connect();
      this.sampleVirtual();
      await this.flush();
    });
    every(reloadMs, () => (this.disconnect ? this.reloadIfChanged() : Promise.resolve()));
    void this.connect().catch(() => undefined);
  }

  /** Stops listening and writes what was recorded. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.connecting?.catch(() => undefined);
    await this.disconnect?.();
    this.disconnect = undefined;
    await this.flush();
  }

  /** Picks up buffers created, changed or deleted (the buffer rules call it after a change). */
  async reloadBuffers(): Promise<void> {
    this.version = await this.options.repository.recordedVersion();
    const rows = await this.options.repository.recorded();
    const tracked = TrackedBuffers.build(rows, this.options.access.adfs, this.tracked);
    await this.readVirtual(tracked.virtual.filter((b) => b.virtualValue === undefined));
    this.tracked = tracked;
  }

  /** What another instance changed: a cheap look every few seconds, the whole list only when it moved. */
  private async reloadIfChanged(): Promise<void> {
    if ((await this.options.repository.recordedVersion()) !== this.version) await this.reloadBuffers();
  }

  /** Resolves once every sample recorded so far is committed. */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /** Whether the values subscription is up. */
  get connected(): boolean {
    return this.disconnect !== undefined;
  }

  metrics() {
    return { ...this.counters, ...this.queue.metrics(), buffers: this.tracked.all().length };
  }

  /** Takes the current window's sample of each virtual buffer whose line has a value. */
  sampleVirtual(): void {
    const now = this.options.clock.now().getTime();
    for (const buffer of this.tracked.virtual) this.recordVirtual(buffer, now);
  }

  private connect(): Promise<void> {
    const { access, ready = () => true } = this.options;
    if (this.disconnect || !access.started || !ready()) return Promise.resolve();
    this.connecting ??= (async () => {
      await this.reloadBuffers();
      const gateway = access.gateway;
      const endValues = await gateway.subscribeOwn('history', '+/+/departments/+/values', (t, p, r) =>
        this.onValues(t, p, r),
      );
      const endEvents = gateway.subscribe((event) => this.onEvent(event));
      this.disconnect = async () => {
        endEvents();
        await endValues();
      };
    })().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private onValues(topic: string, payload: Buffer, retained: boolean): void {
    this.counters.received++;
    // A retained copy is the last snapshot the broker kept, perhaps from long ago: not a reading of now.
    if (retained) return void this.counters.retained++;
    const m = VALUES_TOPIC.exec(topic);
    const buffers = m && this.tracked.byDepartment.get(`${m[1]}/${m[2]}/${departmentKey(+m[3]!, +m[4]!)}`);
    if (!buffers) return;
    let message: ValuesMessage;
    try {
      message = v.parse(ValuesMessage, JSON.parse(payload.toString('utf8')));
    } catch {
      return void this.counters.invalid++;
    }
    // What the gateway refuses for a clock far ahead is not recorded either (samples are stamped on arrival).
    if (this.options.access.gateway.isAheadOfClock(message.ts)) return void this.counters.clockAhead++;
    const now = this.options.clock.now().getTime();
    for (const buffer of buffers) {
      const at = buffer.take(now);
      if (at === null) continue;
      const value = recordedValue(buffer.adfLine!, message.values[lineKey(buffer.row.page, buffer.row.line)]);
      if (value !== null) this.record(buffer, at, value);
    }
  }

  private onEvent(event: GatewayEvent): void {
    if (event.type !== 'VirtualLineValues') return;
    const now = this.options.clock.now().getTime();
    for (const line of event.lines) {
      const key = virtualLineKey({ ...event, page: line.page, line: line.number });
      for (const buffer of this.tracked.byVirtualLine.get(key) ?? []) {
        buffer.virtualValue = line.status === 'OK' ? Number(line.value) : null;
        this.recordVirtual(buffer, now);
      }
    }
  }

  /** A virtual line is announced only when it changes: until then its last value is still its value. */
  private recordVirtual(buffer: TrackedBuffer, now: number): void {
    const value = buffer.virtualValue;
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    const at = buffer.take(now);
    if (at !== null) this.record(buffer, at, value);
  }

  private async readVirtual(buffers: TrackedBuffer[]): Promise<void> {
    if (buffers.length === 0 || !this.options.access.started) return;
    const gateway = this.options.access.gateway;
    for (const buffer of buffers) {
      const line = await gateway.readLine(buffer.row);
      buffer.virtualValue = 'value' in line && line.status === 'OK' ? Number(line.value) : null;
    }
  }

  private record(buffer: TrackedBuffer, at: number, value: number): void {
    this.counters.recorded++;
    this.queue.push(buffer.id, buffer.row.intervalSeconds, at, value);
  }
}
