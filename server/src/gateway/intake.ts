import * as v from 'valibot';
import { aheadOfClock } from './clock';
import type { GatewayLogger } from './logger';
import {
  AlarmMessage,
  type DeviceTopic,
  DepartmentStatusMessage,
  isExactValuesMessage,
  MAX_PACKET_BYTES,
  PROTOCOL_VERSION,
  StatusMessage,
  type Topics,
  ValuesMessage,
  WriteReply,
} from './protocol';

type DeviceAt = Extract<DeviceTopic, { kind: 'status' }>;
type DepartmentAt = Extract<DeviceTopic, { kind: 'values' | 'departmentStatus' }>;
type AlarmsAt = Extract<DeviceTopic, { kind: 'alarms' }>;

/** Where validated messages go. */
/** `retained`: the broker's stored copy (on subscribing, or a status re-read), which may be older than what came live. */
export interface IntakeHandlers {
  status(at: DeviceAt, m: StatusMessage, retained: boolean): void;
  values(at: DepartmentAt, m: ValuesMessage): void;
  departmentStatus(at: DepartmentAt, m: DepartmentStatusMessage, retained: boolean): void;
  reply(m: WriteReply): void;
  alarm(at: AlarmsAt, m: AlarmMessage): void;
  /** An empty retained message on a status topic: the device was deleted. */
  forgetDevice(at: DeviceAt): void;
  /** An empty retained message on a department topic. */
  forgetDepartment(at: DepartmentAt): void;
}

export interface IntakeCounters {
  received: number;
  accepted: number;
  rejected: Record<string, number>;
}

const KNOWN_TYPES = new Set(['status', 'values', 'departmentStatus', 'writeResult', 'write', 'alarm']);
const TYPE_OF_TOPIC = {
  status: 'status',
  values: 'values',
  departmentStatus: 'departmentStatus',
  replies: 'writeResult',
  alarms: 'alarm',
} as const;

/**
 * Every message from devices passes here: topic, size, JSON, protocol version, shape and timestamp are checked
 * before anything reaches the cache. Devices are not trusted, so a bad message is counted by reason (metrics),
 * logged sparingly and dropped; it never throws into the MQTT client.
 */
export class MessageIntake {
  private readonly counters: IntakeCounters = { received: 0, accepted: 0, rejected: {} };

  constructor(
    private readonly topics: Topics,
    private readonly handlers: IntakeHandlers,
    private readonly log: GatewayLogger,
    /** The server's clock (ms): a timestamp far ahead of it is refused. */
    private readonly now: () => number,
    private readonly maxPayloadBytes = MAX_PACKET_BYTES,
  ) {}

  metrics(): IntakeCounters {
    return { ...this.counters, rejected: { ...this.counters.rejected } };
  }

  /** `retained`: the broker's stored copy (sent on subscribing), not a message published now. */
  onMessage(topic: string, payload: Buffer, retained = false): void {
    this.counters.received++;
    try {
      this.ingest(topic, payload, retained);
    } catch (error) {
      // Never let one message take the gateway down: count it and carry on.
      this.reject('internal_error', topic, { err: error });
    }
  }

  private ingest(topic: string, payload: Buffer, retained: boolean): void {
    const parsed = this.topics.parse(topic);
    if (!parsed || parsed.kind === 'commands') return this.reject('unknown_topic', topic);
    // Alarms are events, never state: a retained one (an external broker lets it through) would replay old news.
    if (parsed.kind === 'alarms' && retained) return this.reject('retained_alarm', topic);
    if (payload.length === 0) {
      if (parsed.kind === 'status') this.handlers.forgetDevice(parsed);
      if (parsed.kind === 'values' || parsed.kind === 'departmentStatus')
        this.handlers.forgetDepartment(parsed);
      this.counters.accepted++;
      return;
    }
    if (payload.length > this.maxPayloadBytes) return this.reject('too_large', topic);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.reject('malformed_json', topic);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      return this.reject('not_an_object', topic);
    const envelope = json as { v?: unknown; type?: unknown };
    if (envelope.v !== PROTOCOL_VERSION) return this.reject('unsupported_version', topic, { v: envelope.v });
    if (typeof envelope.type !== 'string' || !KNOWN_TYPES.has(envelope.type)) {
      return this.reject('unknown_type', topic, { type: envelope.type });
    }
    if (envelope.type !== TYPE_OF_TOPIC[parsed.kind])
      return this.reject('type_topic_mismatch', topic, { type: envelope.type });

    // Each handler is called directly (no callback made per message): values messages come thousands a second.
    switch (parsed.kind) {
      case 'status': {
        const m = this.validate(topic, StatusMessage, json);
        if (m) this.handlers.status(parsed, m, retained);
        return;
      }
      case 'values': {
        const m = isExactValuesMessage(json)
          ? this.inTime(topic, json)
          : this.validate(topic, ValuesMessage, json);
        if (m) this.handlers.values(parsed, m);
        return;
      }
      case 'departmentStatus': {
        const m = this.validate(topic, DepartmentStatusMessage, json);
        if (m) this.handlers.departmentStatus(parsed, m, retained);
        return;
      }
      case 'replies': {
        const m = this.validate(topic, WriteReply, json);
        if (m) this.handlers.reply(m);
        return;
      }
      case 'alarms': {
        const m = this.validate(topic, AlarmMessage, json);
        if (m) this.handlers.alarm(parsed, m);
        return;
      }
    }
  }

  /** The message as `schema` outputs it when it has that shape and a sane clock; undefined when rejected. */
  private validate<S extends v.GenericSchema>(
    topic: string,
    schema: S,
    json: unknown,
  ): v.InferOutput<S> | undefined {
    const r = v.safeParse(schema, json);
    if (!r.success) {
      const issue = r.issues[0];
      this.reject('invalid_shape', topic, { field: v.getDotPath(issue), issue: issue.message });
      return undefined;
    }
    return this.inTime(topic, r.output);
  }

  /**
   * A clock set ahead would order out every later snapshot (and date alarms in the future): the message is
   * refused, so the device's next one with a sane clock is taken as usual. Counts what it lets through as accepted.
   */
  private inTime<M>(topic: string, message: M): M | undefined {
    const { ts } = message as { ts?: number };
    const now = this.now();
    if (aheadOfClock(ts, now)) {
      this.reject('clock_ahead', topic, { ts, aheadMs: ts! - now });
      return undefined;
    }
    this.counters.accepted++;
    return message;
  }

  private reject(reason: string, topic: string, extra: object = {}): void {
    const n = (this.counters.rejected[reason] ?? 0) + 1;
    this.counters.rejected[reason] = n;
    // A misbehaving device can send thousands: log the first ten of each reason, then every thousandth.
    if (n <= 10 || n % 1000 === 0)
      this.log.warn({ topic, reason, count: n, ...extra }, 'gateway: message rejected');
  }
}
