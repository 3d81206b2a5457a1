import { DEVICE_LOST_CODE } from '#contracts';
import type { Database } from '../../db/client';
import type { AlarmOccurrenceRow } from '../../db/schema';
import type { Clock } from '../../clock';
import { createKeyedQueue } from '../../keyedQueue';
import type { GatewayEvent } from '../../gateway/events';
import type { GatewayLogger } from '../../gateway/logger';
import type { ChangeFeed } from './change-feed';
import type { AlarmDevice, AlarmDirectory } from './directory';
import type { DefrostRecorder } from './defrosts';
import type { AlarmEmitter } from './emitter';
import type { AlarmEvent, AlarmOccurrence } from './events';
import type { AlarmHolds } from './holds';
import type { AlarmPlace, AlarmQueries, AlarmsRepository } from './repository';

type AlarmChanged = Extract<GatewayEvent, { type: 'AlarmChanged' }>;
type AlarmList = Extract<GatewayEvent, { type: 'AlarmList' }>;
type RawLineValues = Extract<GatewayEvent, { type: 'RawLineValues' }>;

export interface AlarmStoreDeps {
  repository: AlarmsRepository;
  directory: AlarmDirectory;
  feed: ChangeFeed;
  emitter: AlarmEmitter;
  holds: AlarmHolds;
  defrosts: DefrostRecorder;
  clock: Clock;
  log: GatewayLogger;
}

/** What one event's statements changed: the occurrences they raised and those they cleared. */
interface Stored {
  raised: AlarmOccurrenceRow[];
  cleared: AlarmOccurrenceRow[];
}

/**
 * Stores what devices say of their alarms. Every instance hears every event and runs the same statements; the
 * database answers which one changed something, and only that one numbers the change, tells the stream clients of
 * every instance and has the e-mails and pushes queued, all in the transaction that stores the change: an
 * instance killed before its commit leaves nothing, and the others' statements store and announce it instead.
 * Events of one device are handled in order.
 */
export function createAlarmStore(deps: AlarmStoreDeps) {
  const { repository, directory, feed, emitter, holds, defrosts, clock, log } = deps;
  const queue = createKeyedQueue();

  const occurrenceOf = (tenant: string, device: AlarmDevice, row: AlarmOccurrenceRow): AlarmOccurrence => ({
    id: row.id,
    tenantId: row.tenantId,
    tenant,
    hexacode: row.hexacode,
    deviceName: row.deviceName,
    businessGroupName: row.businessGroupName,
    department: row.department,
    subDepartment: row.subDepartment,
    departmentName: row.departmentName,
    departmentNames: directory.departmentNames(
      device.model,
      row.department,
      row.subDepartment,
      row.departmentName,
    ),
    page: directory.department(device.model, row.department, row.subDepartment).page,
    code: row.code,
    adfName: row.adfName,
    raisedAt: row.raisedAt,
    clearedAt: row.clearedAt,
  });

  const timeOf = (at: number) => (Number.isFinite(at) && at > 0 ? new Date(at) : clock.now());

  async function placeOf(event: AlarmChanged | AlarmList | RawLineValues) {
    const tenantId = await directory.tenantId(event.tenant);
    const device = tenantId && (await directory.device(tenantId, event.hexacode.toUpperCase()));
    if (!tenantId || !device) {
      log.debug({ tenant: event.tenant, hexacode: event.hexacode }, 'alarms: event of an unknown device');
      return undefined;
    }
    const place: AlarmPlace = {
      tenantId,
      hexacode: device.hexacode,
      department: event.department,
      subDepartment: event.subDepartment,
    };
    return { device, place };
  }

  /** Stores a raise, held back when its delay or a defrost says so (holds.ts). */
  const raise = async (
    queries: AlarmQueries,
    tx: Database,
    device: AlarmDevice,
    place: AlarmPlace,
    code: string,
    raisedAt: Date,
  ) =>
    queries.raise({
      ...place,
      code,
      raisedAt,
      hold: await holds.holdOf(tx, device.model, place, code, raisedAt),
      deviceName: device.name,
      businessGroupName: device.group?.name ?? null,
      departmentName: directory.department(device.model, place.department, place.subDepartment)
        .departmentName,
      adfName: directory.adfName(device.model, code),
    });

  /**
   * Runs `store` and, when its statements changed something, the durable part of announcing it in the same
   * transaction: the change numbered, the other instances NOTIFYed (sent at commit), the e-mail and push rows
   * written. Once committed: this instance's streams and listeners.
   */
  async function storeAndAnnounce(
    tenant: string,
    device: AlarmDevice,
    store: (queries: AlarmQueries, tx: Database) => Promise<Stored>,
  ): Promise<void> {
    const announced = await repository.transaction(async (queries, tx) => {
      const stored = await store(queries, tx);
      // Held occurrences are stored without telling anyone, and their clearing too (they were never heard of).
      const raised = stored.raised.filter((row) => row.announced);
      const cleared = stored.cleared.filter((row) => row.announced);
      if (raised.length + cleared.length === 0) return undefined;
      const id = await queries.recordChange(device.tenantId, device.hexacode, clock.now());
      const change = { tenantId: device.tenantId, hexacode: device.hexacode, id };
      await feed.notify(change, tx);
      const events: AlarmEvent[] = [
        ...raised.map((row) => ({
          type: 'alarm.raised' as const,
          occurrence: occurrenceOf(tenant, device, row),
        })),
        ...cleared.map((row) => ({
          type: 'alarm.cleared' as const,
          occurrence: occurrenceOf(tenant, device, row),
        })),
      ];
      for (const event of events) await emitter.writeAll(event, tx);
      return { change, events };
    });
    if (!announced) return;
    feed.deliver(announced.change);
    for (const event of announced.events) emitter.emit(event);
  }

  async function changed(event: AlarmChanged): Promise<void> {
    const found = await placeOf(event);
    if (!found) return;
    const { device, place } = found;
    const at = timeOf(event.at);
    await storeAndAnnounce(event.tenant, device, async (queries, tx) => {
      if (!event.raised) return { raised: [], cleared: await queries.clear(place, [event.code], at) };
      const row = await raise(queries, tx, device, place, event.code, at);
      return { raised: row ? [row] : [], cleared: [] };
    });
  }

  /** The department's complete list: raise what is missing, clear what is gone (never DEVICE_LOST). */
  async function reconcile(event: AlarmList): Promise<void> {
    const found = await placeOf(event);
    if (!found) return;
    const { device, place } = found;
    const at = timeOf(event.at);
    const listed = new Set(event.codes);
    await storeAndAnnounce(event.tenant, device, async (queries, tx) => {
      const open = new Set(await queries.openCodes(place));
      const raised: AlarmOccurrenceRow[] = [];
      for (const code of listed) {
        if (open.has(code)) continue;
        const row = await raise(queries, tx, device, place, code, at);
        if (row) raised.push(row);
      }
      const gone = [...open].filter((code) => !listed.has(code) && code !== DEVICE_LOST_CODE);
      return { raised, cleared: await queries.clear(place, gone, at) };
    });
  }

  /** A department's values: its defrost state, when the model has one, starts or ends a defrost. */
  async function rawLineValues(event: RawLineValues): Promise<void> {
    const found = await placeOf(event);
    if (found) await defrosts.record(found.device.model, found.place, event.values, timeOf(event.ts));
  }

  /** Announces the held occurrences due now, each device's in its queue (the database decides who tells). */
  async function release(): Promise<void> {
    const now = clock.now();
    for (const due of await repository.dueHolds(now)) {
      inQueue(`${due.tenant}/${due.hexacode}`, 'release', async () => {
        const device = await directory.device(due.tenantId, due.hexacode);
        if (!device) return;
        await storeAndAnnounce(due.tenant, device, async (queries) => ({
          raised: await queries.release(due.tenantId, due.hexacode, now),
          cleared: [],
        }));
      });
    }
  }

  function inQueue(key: string, type: string, task: () => Promise<void>): void {
    void queue
      .run(key, task)
      .catch((error: unknown) => log.error({ err: error, type }, 'alarms: storing failed'));
  }

  function handle(event: GatewayEvent): void {
    if (event.type !== 'AlarmChanged' && event.type !== 'AlarmList' && event.type !== 'RawLineValues') return;
    inQueue(`${event.tenant}/${event.hexacode.toUpperCase()}`, event.type, () =>
      event.type === 'AlarmChanged'
        ? changed(event)
        : event.type === 'AlarmList'
          ? reconcile(event)
          : rawLineValues(event),
    );
  }

  return {
    handle,
    release,
    occurrenceOf,
    /** Resolves once every event handed over so far is stored (tests, shutdown). */
    flush: queue.idle,
  };
}

export type AlarmStore = ReturnType<typeof createAlarmStore>;
