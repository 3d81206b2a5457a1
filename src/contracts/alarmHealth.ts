import * as v from 'valibot';
import { HEXACODE, instant, isoTime } from './common';

/**
 * Issue 31: alarm delays per code, the alarm system's health measured against EEMUA 191, and the marks the
 * history charts draw (alarm periods, acknowledgements, setpoint changes, defrosts).
 */

const alarmCode = v.pipe(
  v.string('code must be a string'),
  v.regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'code must be upper-case letters, digits and _, at most 64'),
);

/** EEMUA 191: more than this many alarms within FLOOD_WINDOW_MINUTES is a flood. */
export const FLOOD_THRESHOLD = 10;
export const FLOOD_WINDOW_MINUTES = 10;
/** An alarm raised this many times within CHATTER_WINDOW_MINUTES is chattering. */
export const CHATTER_RAISES = 3;
export const CHATTER_WINDOW_MINUTES = 10;
/** An alarm active for longer than this is standing. */
export const STANDING_HOURS = 24;
/** The target steady-state rate (about one alarm per 10 minutes per operator). */
export const TARGET_PER_HOUR = 6;

/** PUT /api/v2/alarms/delays: the tenant's own delays, by code (0 announces at once; absent: the ADF's). */
export const AlarmDelays = v.object({
  delays: v.array(
    v.object({
      code: alarmCode,
      delaySeconds: v.pipe(
        v.number('delaySeconds must be a number'),
        v.integer('delaySeconds must be an integer'),
        v.minValue(0, 'delaySeconds must not be negative'),
        v.maxValue(86_400, 'delaySeconds must be at most 86400 (a day)'),
      ),
    }),
  ),
});
export type AlarmDelays = v.InferOutput<typeof AlarmDelays>;

/** GET /api/v2/alarms/health?from&to (administrators); the range is at most a year. */
export const AlarmHealthQuery = v.object({
  from: instant('from'),
  to: instant('to'),
});
export type AlarmHealthQuery = v.InferOutput<typeof AlarmHealthQuery>;

const alarmPlace = {
  hexacode: v.string(),
  deviceName: v.string(),
  department: v.number(),
  subDepartment: v.number(),
  code: v.string(),
  /** The alarm's name in the reader's language. */
  translation: v.string(),
};

export const AlarmHealth = v.object({
  from: isoTime,
  to: isoTime,
  /** Announced alarms raised in the range. */
  total: v.number(),
  averagePerHour: v.number(),
  /** The most alarms raised within any 10 minutes of the range. */
  peakPer10Minutes: v.number(),
  /** Periods where more than 10 alarms were raised within 10 minutes. */
  floods: v.array(v.object({ from: isoTime, to: isoTime, count: v.number() })),
  /** Alarms active for more than 24 hours during the range. */
  standing: v.array(
    v.object({ id: v.string(), ...alarmPlace, raisedAt: isoTime, clearedAt: v.nullable(isoTime) }),
  ),
  /** Alarms raised 3 or more times within 10 minutes: the most raises within 10 minutes, and all of the range. */
  chattering: v.array(v.object({ ...alarmPlace, peak: v.number(), count: v.number() })),
  /** The alarms raised most often (department and code of a device), most first, at most 10. */
  topOffenders: v.array(v.object({ ...alarmPlace, count: v.number() })),
  shelved: v.number(),
  /** Occurrences held back by a delay or a defrost that cleared before anyone was told. */
  suppressed: v.number(),
});
export type AlarmHealth = v.InferOutput<typeof AlarmHealth>;

/** GET /api/v2/alarms/marks?hexacode&department&from&to: what a device chart marks on its time axis. */
export const AlarmMarksQuery = v.object({
  hexacode: v.pipe(v.string('hexacode is required'), v.regex(HEXACODE, 'hexacode is invalid')),
  department: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}\.\d{1,3}$/, 'department must be like 1.0'))),
  from: instant('from'),
  to: instant('to'),
});
export type AlarmMarksQuery = v.InferOutput<typeof AlarmMarksQuery>;

const markPlace = { department: v.number(), subDepartment: v.number() };

export const AlarmMarks = v.object({
  /** Alarm periods (an open one has `to` null); `suppressed` ones were held back and never announced. */
  alarms: v.array(
    v.object({
      id: v.string(),
      ...markPlace,
      code: v.string(),
      translation: v.string(),
      from: isoTime,
      to: v.nullable(isoTime),
      suppressed: v.boolean(),
    }),
  ),
  acknowledgements: v.array(
    v.object({
      id: v.string(),
      ...markPlace,
      code: v.string(),
      at: isoTime,
      by: v.string(),
      comment: v.string(),
    }),
  ),
  setpoints: v.array(
    v.object({
      ...markPlace,
      at: isoTime,
      by: v.string(),
      line: v.string(),
      from: v.nullable(v.string()),
      to: v.nullable(v.string()),
    }),
  ),
  defrosts: v.array(v.object({ ...markPlace, from: isoTime, to: v.nullable(isoTime) })),
});
export type AlarmMarks = v.InferOutput<typeof AlarmMarks>;
