import * as v from 'valibot';
import { WRITE_REFUSALS } from './adf/translate';

/**
 * The Coldwatch device protocol over MQTT (docs/device-protocol.md is the readable version of this file).
 *
 *   <prefix>/<tenant>/<hexacode>/status                          device → server, retained, will: online/offline
 *   <prefix>/<tenant>/<hexacode>/departments/<d>.<s>/values      device → server, retained: all raw values
 *   <prefix>/<tenant>/<hexacode>/departments/<d>.<s>/status      device → server, retained: ON, ON_ALARM, OFF, OFF_ALARM
 *   <prefix>/<tenant>/<hexacode>/commands                        server → device: line write, refresh
 *   <prefix>/<tenant>/<hexacode>/replies                         device → server: answer to a command
 *   <prefix>/<tenant>/<hexacode>/alarms                          device → server, not retained: alarm raised/cleared
 */
export const PROTOCOL_VERSION = 1;
export const DEFAULT_PREFIX = 'devices';

/**
 * Sizes the protocol needs, and the broker enforces: the largest message (a department's values: at most
 * MAX_VALUES_PER_DEPARTMENT entries of about 25 bytes) fits in MAX_PACKET_BYTES with room to spare; a device holds
 * one retained status and a retained values and status message for each of at most MAX_DEPARTMENTS departments.
 */
export const MAX_PACKET_BYTES = 64 * 1024;
const MAX_DEPARTMENTS = 64;
const MAX_VALUES_PER_DEPARTMENT = 2048;
export const MAX_RETAINED_TOPICS_PER_DEVICE = 1 + 2 * MAX_DEPARTMENTS;

export const TENANT = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const HEXACODE = /^[0-9A-F]{6,16}$/;

/** An alarm code: chosen by the model (its ADF names them), upper-case letters, digits and underscores. */
const ALARM_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * How long a device that was online must stay offline before the server raises its own DEVICE_LOST alarm
 * (docs/device-protocol.md, "Lost devices"): long enough for a broker restart or a network blip to pass unseen.
 */
export const DEVICE_LOST_AFTER_MS = 60_000;

/** How often the server looks for devices that turned silent (docs/device-protocol.md, "Stale values"). */
export const STALENESS_SWEEP_MS = 1000;

/**
 * Statuses heal (docs/device-protocol.md, "Statuses the server missed"): every device's retained statuses are read
 * again once every STATUS_REREAD_EVERY_MS, a few at a time every STATUS_REREAD_TICK_MS; a device that turns
 * silent, or reports while the server has it offline, at once (at most once every STATUS_REREAD_MIN_GAP_MS). A
 * silent device whose retained status does not come back within STATUS_REREAD_ANSWER_MS is not on the broker any
 * more: it is taken offline, as its last will would have said.
 */
export const STATUS_REREAD_EVERY_MS = 120_000;
export const STATUS_REREAD_TICK_MS = 5_000;
export const STATUS_REREAD_MIN_GAP_MS = 10_000;
export const STATUS_REREAD_ANSWER_MS = 3_000;

/**
 * How far ahead of the server's clock a device's `ts` may be (docs/device-protocol.md, "Clocks"): a few minutes of
 * drift pass, a clock set years ahead does not. A message stamped further ahead is refused (reason `clock_ahead`),
 * so it can neither order out every later snapshot nor date an alarm in the future.
 */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

const DEPARTMENT_STATUSES = ['ON', 'ON_ALARM', 'OFF', 'OFF_ALARM'] as const;
export type DepartmentStatus = (typeof DEPARTMENT_STATUSES)[number];

const version = v.literal(PROTOCOL_VERSION);
const timestamp = v.pipe(v.number(), v.integer(), v.minValue(0));
const MIN_RAW = -2147483648;
const MAX_RAW = 2147483647;
const rawValue = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(MIN_RAW), v.maxValue(MAX_RAW)));
/** "<page>.<line>", a key of a values message. */
const LINE_KEY = /^\d{1,4}\.\d{1,4}$/;
const departmentId = v.pipe(v.string(), v.regex(/^\d{1,3}\.\d{1,3}$/));

export const StatusMessage = v.object({
  v: version,
  type: v.literal('status'),
  online: v.boolean(),
  /** Optional on the offline will; the server trusts its registry for the model, this is a cross-check. */
  model: v.optional(v.string()),
  firmware: v.optional(v.pipe(v.string(), v.maxLength(64))),
  /** Departments present on this device ("<department>.<subDepartment>"); absent = all of the model's. */
  departments: v.optional(v.pipe(v.array(departmentId), v.maxLength(MAX_DEPARTMENTS))),
  ts: v.optional(timestamp),
});
export type StatusMessage = v.InferOutput<typeof StatusMessage>;

export const ValuesMessage = v.object({
  v: version,
  type: v.literal('values'),
  ts: timestamp,
  /** "<page>.<line>" → raw integer, or null when the device has no reading. The complete set of the department. */
  values: v.pipe(
    v.record(v.pipe(v.string(), v.regex(LINE_KEY)), rawValue),
    v.check((r) => Object.keys(r).length <= MAX_VALUES_PER_DEPARTMENT, 'too many values'),
  ),
});
export type ValuesMessage = v.InferOutput<typeof ValuesMessage>;

/**
 * Whether parsed JSON is a values message exactly as ValuesMessage would output it (no key to strip, no key it
 * skips): then it can be used as it is. Values messages are nearly all the gateway hears, and the schema costs
 * several objects a value; anything this does not take goes through the schema, which names what is wrong.
 */
export function isExactValuesMessage(json: unknown): json is ValuesMessage {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const m = json as Record<string, unknown>;
  let keys = 0;
  for (const _ in m) keys++;
  if (keys !== 4 || m.v !== PROTOCOL_VERSION || m.type !== 'values') return false;
  const { ts, values } = m;
  if (typeof ts !== 'number' || !Number.isInteger(ts) || ts < 0) return false;
  if (typeof values !== 'object' || values === null || Object.getPrototypeOf(values) !== Object.prototype)
    return false;
  let count = 0;
  for (const key in values) {
    const raw = (values as Record<string, unknown>)[key];
    if (!LINE_KEY.test(key)) return false;
    if (raw !== null && (typeof raw !== 'number' || !Number.isInteger(raw) || raw < MIN_RAW || raw > MAX_RAW))
      return false;
    if (++count > MAX_VALUES_PER_DEPARTMENT) return false;
  }
  return true;
}

export const DepartmentStatusMessage = v.object({
  v: version,
  type: v.literal('departmentStatus'),
  status: v.picklist(DEPARTMENT_STATUSES),
  /** The department's CURRENT active alarm codes (the complete list; absent = none). */
  alarms: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(64))),
  ts: v.optional(timestamp),
});
export type DepartmentStatusMessage = v.InferOutput<typeof DepartmentStatusMessage>;

/** One alarm of a department raised or cleared, at the device's own time (`alarms` topic, not retained). */
export const AlarmMessage = v.object({
  v: version,
  type: v.literal('alarm'),
  department: departmentId,
  code: v.pipe(v.string(), v.regex(ALARM_CODE, 'code must be upper-case letters, digits and _, at most 64')),
  state: v.picklist(['RAISED', 'CLEARED']),
  ts: timestamp,
});
export type AlarmMessage = v.InferOutput<typeof AlarmMessage>;

export const WriteCommand = v.object({
  v: version,
  type: v.literal('write'),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  department: v.pipe(v.number(), v.integer()),
  subDepartment: v.pipe(v.number(), v.integer()),
  page: v.pipe(v.number(), v.integer()),
  line: v.pipe(v.number(), v.integer()),
  raw: v.pipe(v.number(), v.integer()),
});
export type WriteCommand = v.InferOutput<typeof WriteCommand>;

/**
 * Asks the device to republish at once (retained, as usual) the values and status of one department, or of all
 * its departments when department/subDepartment are absent. No reply: the new values message is the answer.
 */
export const RefreshCommand = v.object({
  v: version,
  type: v.literal('refresh'),
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  department: v.optional(v.pipe(v.number(), v.integer())),
  subDepartment: v.optional(v.pipe(v.number(), v.integer())),
});
export type RefreshCommand = v.InferOutput<typeof RefreshCommand>;

/** Everything the server sends on `commands`. */
export const Command = v.variant('type', [WriteCommand, RefreshCommand]);
export type Command = v.InferOutput<typeof Command>;

export const WriteReply = v.union([
  v.object({
    v: version,
    type: v.literal('writeResult'),
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    result: v.literal('ACCEPTED'),
  }),
  v.object({
    v: version,
    type: v.literal('writeResult'),
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    result: v.literal('REFUSED'),
    reason: v.picklist(WRITE_REFUSALS),
  }),
]);
export type WriteReply = v.InferOutput<typeof WriteReply>;

/** A parsed topic: shared by everyone who parsed the same topic (Topics keeps them), so never changed. */
export type DeviceTopic =
  | { readonly kind: 'status'; readonly tenant: string; readonly hexacode: string }
  | {
      readonly kind: 'values' | 'departmentStatus';
      readonly tenant: string;
      readonly hexacode: string;
      readonly department: number;
      readonly subDepartment: number;
    }
  | { readonly kind: 'commands' | 'replies'; readonly tenant: string; readonly hexacode: string }
  | { readonly kind: 'alarms'; readonly tenant: string; readonly hexacode: string };

/**
 * How many parsed topics Topics keeps. A device publishes on the same few topics all day, so parsing each message's
 * topic anew (a split, three regular expressions, an object) was work done twice a message, at the broker and at
 * the gateway; past this many topics (a fleet of tens of thousands of departments) the kept ones start over.
 */
const PARSED_TOPICS_KEPT = 50_000;

export class Topics {
  private readonly parsed = new Map<string, DeviceTopic>();

  constructor(readonly prefix: string = DEFAULT_PREFIX) {}

  device(tenant: string, hexacode: string): string {
    return `${this.prefix}/${tenant}/${hexacode}`;
  }
  status(tenant: string, hexacode: string): string {
    return `${this.device(tenant, hexacode)}/status`;
  }
  values(tenant: string, hexacode: string, department: number, subDepartment: number): string {
    return `${this.device(tenant, hexacode)}/departments/${department}.${subDepartment}/values`;
  }
  departmentStatus(tenant: string, hexacode: string, department: number, subDepartment: number): string {
    return `${this.device(tenant, hexacode)}/departments/${department}.${subDepartment}/status`;
  }
  commands(tenant: string, hexacode: string): string {
    return `${this.device(tenant, hexacode)}/commands`;
  }
  replies(tenant: string, hexacode: string): string {
    return `${this.device(tenant, hexacode)}/replies`;
  }
  alarms(tenant: string, hexacode: string): string {
    return `${this.device(tenant, hexacode)}/alarms`;
  }
  /** Everything devices publish, for the server's subscription. */
  get allFromDevices(): string[] {
    return [
      `${this.prefix}/+/+/status`,
      `${this.prefix}/+/+/departments/+/values`,
      `${this.prefix}/+/+/departments/+/status`,
      `${this.prefix}/+/+/replies`,
      `${this.prefix}/+/+/alarms`,
    ];
  }

  /** Parses a topic under the prefix; undefined for anything that is not a protocol topic. */
  parse(topic: string): DeviceTopic | undefined {
    const known = this.parsed.get(topic);
    if (known) return known;
    const parsed = this.parseAnew(topic);
    if (parsed) {
      if (this.parsed.size >= PARSED_TOPICS_KEPT) this.parsed.clear();
      this.parsed.set(topic, Object.freeze(parsed));
    }
    return parsed;
  }

  private parseAnew(topic: string): DeviceTopic | undefined {
    if (!topic.startsWith(`${this.prefix}/`)) return undefined;
    const parts = topic.slice(this.prefix.length + 1).split('/');
    const [tenant, hexacode, a, b, c] = parts;
    if (!tenant || !hexacode || !TENANT.test(tenant) || !HEXACODE.test(hexacode)) return undefined;
    if (parts.length === 3 && (a === 'status' || a === 'commands' || a === 'replies')) {
      return { kind: a, tenant, hexacode };
    }
    if (parts.length === 3 && a === 'alarms') return { kind: a, tenant, hexacode };
    if (parts.length === 5 && a === 'departments' && b && (c === 'values' || c === 'status')) {
      const m = /^(\d{1,3})\.(\d{1,3})$/.exec(b);
      if (!m) return undefined;
      return {
        kind: c === 'values' ? 'values' : 'departmentStatus',
        tenant,
        hexacode,
        department: Number(m[1]),
        subDepartment: Number(m[2]),
      };
    }
    return undefined;
  }
}

export const deviceUsername = (tenant: string, hexacode: string) => `${tenant}/${hexacode}`;
