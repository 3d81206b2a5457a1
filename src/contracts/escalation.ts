import * as v from 'valibot';
import { isoTime } from './common';

/**
 * Escalation and shelving of alarms (issue 31; ISA-18.2). A tenant's escalation policy says who is told of an
 * alarm nobody acknowledged, how and when; shelving takes one alarm out of the bell and escalation for a while.
 */

export const ALARM_PRIORITIES = ['critical', 'high', 'low'] as const;
export type AlarmPriority = (typeof ALARM_PRIORITIES)[number];
/** The priority of a code neither the tenant nor its ADF ranks. */
export const DEFAULT_ALARM_PRIORITY: AlarmPriority = 'high';

export const ESCALATION_CHANNELS = ['email', 'push'] as const;
export type EscalationChannel = (typeof ESCALATION_CHANNELS)[number];

/** `always`: whatever the time; `working`: inside the working hours only; `outside`: the rest of the week. */
export const ESCALATION_BANDS = ['always', 'working', 'outside'] as const;
export type EscalationBand = (typeof ESCALATION_BANDS)[number];

const ONE_WEEK_SECONDS = 7 * 24 * 3600;
const seconds = (field: string, min: number) =>
  v.pipe(
    v.number(`${field} must be a number of seconds`),
    v.integer(`${field} must be whole seconds`),
    v.minValue(min, `${field} must be at least ${min}`),
    v.maxValue(ONE_WEEK_SECONDS, `${field} must be at most a week (${ONE_WEEK_SECONDS})`),
  );
const clockTime = (field: string) =>
  v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${field} must be a time like 08:30`));

export const EscalationLevel = v.object({
  /** Seconds after the alarm was raised at which this level is told, if nobody acknowledged it by then. */
  afterSeconds: seconds('afterSeconds', 0),
  /** Users of the tenant (ids): their e-mail address and their subscribed browsers. */
  users: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.uuid('users must be user ids'))), v.maxLength(50)),
    [],
  ),
  emails: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.trim(), v.email('emails must be valid e-mail addresses'))),
      v.maxLength(50),
    ),
    [],
  ),
  channels: v.optional(
    v.pipe(v.array(v.picklist(ESCALATION_CHANNELS, 'channels are email or push')), v.minLength(1)),
    ['email', 'push'],
  ),
  band: v.optional(v.picklist(ESCALATION_BANDS, 'band is always, working or outside'), 'always'),
});
export type EscalationLevel = v.InferOutput<typeof EscalationLevel>;

/**
 * The levels told earlier than the level above them, by index: a plan's levels are told in their order, each no
 * earlier than the one before (equal delays are two bands or two audiences at one time). Checked where a policy is
 * saved (the editor, the server); a stored policy is read as it is.
 */
export const levelsToldEarly = (levels: readonly Pick<EscalationLevel, 'afterSeconds'>[]): number[] =>
  levels.flatMap((level, i) => (i > 0 && level.afterSeconds < levels[i - 1]!.afterSeconds ? [i] : []));

/** One priority's policy: its levels and how often each told level is told again until someone acknowledges. */
export const EscalationPlan = v.object({
  levels: v.pipe(v.array(EscalationLevel), v.maxLength(10, 'levels: at most 10')),
  /** 0: each level is told once. */
  repeatSeconds: v.optional(
    v.union([v.literal(0), seconds('repeatSeconds', 10)], 'repeatSeconds must be 0 or 10 to 604800'),
    0,
  ),
});
export type EscalationPlan = v.InferOutput<typeof EscalationPlan>;

export const WorkingHours = v.object({
  /** ISO week days, 1 Monday … 7 Sunday. */
  days: v.pipe(
    v.array(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)),
      'workingHours.days must be 1 to 7',
    ),
    v.minLength(1, 'workingHours.days: at least one day'),
  ),
  from: clockTime('workingHours.from'),
  to: clockTime('workingHours.to'),
});
export type WorkingHours = v.InferOutput<typeof WorkingHours>;

export const WeeklyTestAlarm = v.object({
  day: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(1, 'testAlarm.day is 1 to 7'),
    v.maxValue(7, 'testAlarm.day is 1 to 7'),
  ),
  time: clockTime('testAlarm.time'),
});

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * PUT/GET /api/v2/alarms/escalation (administrators, as themselves). `levels`/`repeatSeconds` are the policy of
 * every priority without its own in `priorities`.
 */
export const EscalationPolicy = v.object({
  ...EscalationPlan.entries,
  priorities: v.optional(
    v.object({
      critical: v.optional(EscalationPlan),
      high: v.optional(EscalationPlan),
      low: v.optional(EscalationPlan),
    }),
    {},
  ),
  /** The tenant's own priority of alarm codes, over the ADF's. */
  codePriorities: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'codePriorities: keys are alarm codes')),
      v.picklist(ALARM_PRIORITIES, 'codePriorities: critical, high or low'),
    ),
    {},
  ),
  /** The time zone working hours are counted in (IANA, e.g. Europe/Paris). */
  timeZone: v.optional(
    v.pipe(v.string(), v.check(validTimeZone, 'timeZone is not a known time zone')),
    'UTC',
  ),
  workingHours: v.optional(v.nullable(WorkingHours), null),
  /** The longest an alarm may be shelved (ISA-18.2 maximum shelve time). */
  maxShelveMinutes: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1, 'maxShelveMinutes must be at least 1'), v.maxValue(10_080)),
    480,
  ),
  /** The weekly test alarm to the first level (in `timeZone`); null: none. */
  testAlarm: v.optional(v.nullable(WeeklyTestAlarm), null),
});
export type EscalationPolicy = v.InferOutput<typeof EscalationPolicy>;
export type EscalationPolicyInput = v.InferInput<typeof EscalationPolicy>;

export const DEFAULT_ESCALATION_POLICY: EscalationPolicy = v.parse(EscalationPolicy, { levels: [] });

/** POST /api/v2/alarms/{id}/shelve (DEVICES at WRITE). */
export const AlarmShelve = v.object({
  /** Without it: the tenant's maximum (8 hours unless the policy says otherwise). */
  minutes: v.optional(
    v.pipe(
      v.number('minutes must be a number'),
      v.integer('minutes must be whole'),
      v.minValue(1, 'minutes must be at least 1'),
    ),
  ),
  reason: v.pipe(
    v.string('reason is required'),
    v.trim(),
    v.minLength(1, 'reason is required'),
    v.maxLength(500, 'reason must be at most 500 characters'),
  ),
});
export type AlarmShelve = v.InferOutput<typeof AlarmShelve>;

/** One shelving of an alarm: who, when, until when and why; `endedAt` once it ran out or was unshelved. */
export const AlarmShelving = v.object({
  by: v.string(),
  at: isoTime,
  until: isoTime,
  reason: v.string(),
  endedAt: v.nullable(isoTime),
  endedBy: v.nullable(v.string()),
});
export type AlarmShelving = v.InferOutput<typeof AlarmShelving>;

/** GET /api/v2/alarms/shelved: the alarms shelved now. */
export const ShelvedAlarm = v.object({
  id: v.string(),
  hexacode: v.string(),
  deviceName: v.string(),
  departmentName: v.nullable(v.string()),
  code: v.string(),
  translation: v.string(),
  raisedAt: isoTime,
  ...v.pick(AlarmShelving, ['by', 'at', 'until', 'reason']).entries,
});
export type ShelvedAlarm = v.InferOutput<typeof ShelvedAlarm>;
export const ShelvedAlarms = v.array(ShelvedAlarm);

/** Who was told of an alarm, how and when (escalation), in the alarm's record and history. */
export const AlarmNotification = v.object({
  level: v.number(),
  /** 0 the first time the level is told, then 1, 2 … for each repeat. */
  round: v.number(),
  channel: v.picklist(ESCALATION_CHANNELS),
  recipient: v.string(),
  at: isoTime,
});
export type AlarmNotification = v.InferOutput<typeof AlarmNotification>;

/** GET /api/v2/alarms/escalation/tests: the weekly test alarms, newest first, with what each reached. */
export const EscalationTestRun = v.object({
  at: isoTime,
  result: v.picklist(['QUEUED', 'NO_RECIPIENTS', 'NO_LEVEL']),
  notified: v.array(v.pick(AlarmNotification, ['channel', 'recipient'])),
});
export const EscalationTestRuns = v.array(EscalationTestRun);
export type EscalationTestRun = v.InferOutput<typeof EscalationTestRun>;
