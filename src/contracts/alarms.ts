import * as v from 'valibot';
import { HEXACODE, isoTime } from './common';
import { AlarmNotification, AlarmShelving } from './escalation';

/**
 * Alarms (SPEC §3, §4, §7, §9): what devices raise and clear, kept as occurrences. An occurrence is
 * active-unacknowledged, active-acknowledged or cleared (ISA-18.2); acknowledging is ours beyond the spec.
 */

const hexacode = v.pipe(v.string(), v.regex(HEXACODE, 'hexacode is invalid'));
const departmentNumber = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(255));

/** What acknowledging an occurrence adds: who, when and why (null until it is acknowledged). */
const acknowledgement = {
  acknowledgedBy: v.nullable(v.string()),
  acknowledgedAt: v.nullable(isoTime),
  comment: v.nullable(v.string()),
};

/** The server's own alarm when a device stops answering (see docs/device-protocol.md, "Lost devices"). */
export const DEVICE_LOST_CODE = 'DEVICE_LOST';

export const ALARM_STATES = ['ACTIVE_UNACKNOWLEDGED', 'ACTIVE_ACKNOWLEDGED', 'CLEARED'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** One active alarm of a device, as the alarms menu lists it. */
export const ActiveAlarm = v.object({
  id: v.string(),
  /** The device in alarm: the entry's own, or a member's under a BusinessGroupAlarmEntry. */
  hexacode,
  deviceName: v.string(),
  code: v.string(),
  /** The code in the user's language (the catalogue's, else the ADF's name, else the code). */
  translation: v.string(),
  department: departmentNumber,
  subDepartment: departmentNumber,
  /** The department's name (its ADF name or the user's label); null for an alarm of the whole device. */
  departmentName: v.nullable(v.string()),
  /** The page the department's alarm is best seen on (its first page), for the link to the device page. */
  page: v.number(),
  raisedAt: isoTime,
  state: v.picklist(ALARM_STATES),
  ...acknowledgement,
});
export type ActiveAlarm = v.InferOutput<typeof ActiveAlarm>;

/**
 * SPEC §3 alarm entry: one per standalone device (DeviceAlarmEntry) or per business group (BusinessGroupAlarmEntry,
 * its members' alarms together, `hexacode` the group's), with its active alarms, oldest first. `size` counts them;
 * `empty` says none is left (the stream's removal).
 */
export const AlarmEntry = v.object({
  type: v.picklist(['DeviceAlarmEntry', 'BusinessGroupAlarmEntry']),
  hexacode,
  name: v.string(),
  size: v.number(),
  empty: v.boolean(),
  alarms: v.array(ActiveAlarm),
});
export type AlarmEntry = v.InferOutput<typeof AlarmEntry>;

/** GET /api/v2/alarms/ */
export const AlarmEntries = v.array(AlarmEntry);

/**
 * The alarm stream (SSE under /api): each event replaces the entry of its hexacode; an empty one removes it. Read
 * with fetch, `Accept: text/event-stream` and the bearer header (406 without that Accept); the event id is a change
 * number to send back as Last-Event-ID when reconnecting; `:` comment lines are heartbeats (every 15 s).
 */
export const ALARM_STREAM_PATH = '/api/v2/alarms/stream';
/** The code of the stream's 429: the session already holds as many alarm streams as one may (a few tabs' worth). */
export const TOO_MANY_STREAMS = 'TOO_MANY_STREAMS';

/**
 * GET /api/v2/alarms/ names, in this header, the newest change its entries include. The SPA opens the stream with
 * it as Last-Event-ID, so a change made between the list and the stream is replayed, not missed.
 */
export const ALARM_CHANGE_ID_HEADER = 'alarm-change-id';
export const ALARM_STREAM_EVENT = 'alarm-entry';

/** POST /api/v2/alarms/{id}/acknowledge (DEVICES at WRITE). */
export const AlarmAcknowledge = v.object({
  comment: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(500, 'Comment must be at most 500 characters')),
    '',
  ),
});
export const AlarmIdParams = v.object({ id: v.pipe(v.string(), v.uuid('Alarm id is invalid')) });

/** Why an occurrence was held back from the bell, e-mail and push: its code's delay, or a defrost. */
export const ALARM_SUPPRESSIONS = ['DELAY', 'DEFROST'] as const;

export const ALARM_HISTORY_PAGE_LENGTHS = [10, 25, 50, 100] as const;
/** The most occurrences one CSV of the alarm history holds: the first ones in the order asked for. */
export const ALARM_HISTORY_CSV_MAX = 10_000;
export const ALARM_HISTORY_SORT_FIELDS = [
  'occuredAt',
  'clearedAt',
  'businessGroupName',
  'deviceName',
  'departmentName',
  'translation',
  'acknowledgedAt',
] as const;

/** GET /api/v2/alarms/history: server-side paging, sorting and filters (SPEC §9: 10 a page, newest first). */
export const AlarmHistoryQuery = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'page must be a number'), v.transform(Number)),
    '0',
  ),
  pageLength: v.optional(
    v.pipe(
      v.string(),
      v.transform(Number),
      v.picklist(ALARM_HISTORY_PAGE_LENGTHS, 'pageLength must be 10, 25, 50 or 100'),
    ),
    '10',
  ),
  sortField: v.optional(v.picklist(ALARM_HISTORY_SORT_FIELDS), 'occuredAt'),
  sortDirection: v.optional(v.picklist(['ASC', 'DESC']), 'DESC'),
  hexacode: v.optional(hexacode),
  department: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}\.\d{1,3}$/, 'department must be like 1.0'))),
  from: v.optional(isoTime),
  to: v.optional(isoTime),
  /** csv: every occurrence the filters match (up to ALARM_HISTORY_CSV_MAX) as a file; page and pageLength do not apply. */
  format: v.optional(v.picklist(['json', 'csv'], 'format must be json or csv')),
});
export type AlarmHistoryQuery = v.InferOutput<typeof AlarmHistoryQuery>;

/** SPEC §3 alarm history row, with what acknowledging added. */
export const AlarmHistoryRow = v.object({
  id: v.string(),
  businessGroupName: v.nullable(v.string()),
  deviceName: v.string(),
  hexacode: v.string(),
  departmentName: v.nullable(v.string()),
  department: v.number(),
  subDepartment: v.number(),
  code: v.string(),
  /** The code in the user's language (the catalogue's, else the ADF's name, else the code). */
  translation: v.string(),
  occuredAt: isoTime,
  clearedAt: v.nullable(isoTime),
  ...acknowledgement,
  /** Held back by its delay or a defrost and never announced (issue 31): why; null when it was announced. */
  suppressed: v.optional(v.nullable(v.picklist(ALARM_SUPPRESSIONS))),
  /** Who escalation told, how and when, oldest first. */
  notifications: v.optional(v.array(AlarmNotification), []),
  /** Its shelvings, oldest first. */
  shelvings: v.optional(v.array(AlarmShelving), []),
});
export type AlarmHistoryRow = v.InferOutput<typeof AlarmHistoryRow>;

export const AlarmHistoryPage = v.object({
  data: v.array(AlarmHistoryRow),
  recordsFiltered: v.number(),
});
export type AlarmHistoryPage = v.InferOutput<typeof AlarmHistoryPage>;
