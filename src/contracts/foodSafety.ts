import * as v from 'valibot';
import { calendarDay, HEXACODE, instant } from './common';
import { departmentNumber } from './devices';
import { isTimeZone } from './widgetDownload';

/*
 * Food safety (HACCP): a limit per case (department), daily figures and excursions computed from the recorded
 * history, corrective actions and sign-offs, scheduled reports. See docs/decisions/food-safety-*.md.
 */

export const FOOD_SAFETY_CLASSES = ['chilled', 'frozen', 'custom'] as const;
export type FoodSafetyClass = (typeof FOOD_SAFETY_CLASSES)[number];
export const FOOD_SAFETY_LINES = ['air', 'product'] as const;
export type FoodSafetyLine = (typeof FOOD_SAFETY_LINES)[number];
export const REPORT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** The figures of a report day, in the order the screen, the PDF and the CSV write them (their catalogue ids). */
export const DAY_FIGURE_COLUMNS = [
  'foodSafety.date',
  'foodSafety.min',
  'foodSafety.max',
  'foodSafety.avg',
  'foodSafety.inLimits',
  'foodSafety.outOfLimits',
  'foodSafety.defrost',
  'foodSafety.withoutData',
] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
/** Nothing was recorded before this (and PostgreSQL refuses year 0): a report starts after it. */
const EARLIEST = Date.UTC(2000, 0, 1);
/** The longest range one report covers: a year and a month, as the history query. */
export const REPORT_MAX_DAYS = 400;

const hexacode = v.pipe(v.string('hexacode is required'), v.regex(HEXACODE, 'hexacode is invalid'));
const temperature = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.minValue(-60, `${name} must be at least -60`),
    v.maxValue(60, `${name} must be at most 60`),
  );
const timeZone = v.pipe(v.string(), v.maxLength(64), v.check(isTimeZone, 'timeZone is invalid'));

/** The case a limit, an action or a sign-off is about. */
export const CaseAddress = v.object({
  hexacode,
  department: departmentNumber('department'),
  subDepartment: departmentNumber('subDepartment'),
});
export type CaseAddress = v.InferOutput<typeof CaseAddress>;
/** A case's key, "1A0102.1.0": the limits editor's, the report's and the start of each excursion's id. */
export const caseKey = (c: CaseAddress) => `${c.hexacode}.${c.department}.${c.subDepartment}`;

/** A case's food-safety limit: °C, a brief rise within high + graceDegrees for at most graceMinutes is tolerated. */
export const FoodSafetyLimit = v.pipe(
  v.object({
    class: v.picklist(FOOD_SAFETY_CLASSES, 'class must be chilled, frozen or custom'),
    line: v.picklist(FOOD_SAFETY_LINES, 'line must be air or product'),
    high: temperature('high'),
    low: v.nullable(temperature('low')),
    graceDegrees: v.pipe(
      v.number('graceDegrees must be a number'),
      v.minValue(0, 'graceDegrees must not be negative'),
      v.maxValue(10, 'graceDegrees must be at most 10'),
    ),
    graceMinutes: v.pipe(
      v.number('graceMinutes must be a number'),
      v.integer('graceMinutes must be whole minutes'),
      v.minValue(0, 'graceMinutes must not be negative'),
      v.maxValue(240, 'graceMinutes must be at most 240'),
    ),
  }),
  v.check((l) => l.low === null || l.low < l.high, 'low: low must be below high'),
);
export type FoodSafetyLimit = v.InferOutput<typeof FoodSafetyLimit>;

/** PUT /api/v2/reports/food-safety/limits: a case's limit, or null to go back to the default. */
export const LimitBody = v.object({ ...CaseAddress.entries, limit: v.nullable(FoodSafetyLimit) });
export type LimitBody = v.InferOutput<typeof LimitBody>;

/** One case as the limits list and the report show it. */
export const FoodSafetyCase = v.object({
  ...CaseAddress.entries,
  deviceName: v.string(),
  name: v.string(),
  limit: FoodSafetyLimit,
  /** True while nobody has set a limit: the ADF's and the department kind's default applies. */
  isDefault: v.boolean(),
});
export type FoodSafetyCase = v.InferOutput<typeof FoodSafetyCase>;

/** One scope: a store (business group) or one device, by hexacode. */
const scope = {
  businessGroup: v.optional(hexacode),
  device: v.optional(hexacode),
};
const oneScope = <T extends { businessGroup?: string | undefined; device?: string | undefined }>(q: T) =>
  (q.businessGroup === undefined) !== (q.device === undefined);
const ONE_SCOPE = 'businessGroup: give either a businessGroup or a device hexacode, exactly one of them';

export const FoodSafetyCasesQuery = v.pipe(v.object(scope), v.check(oneScope, ONE_SCOPE));
export type FoodSafetyCasesQuery = v.InferOutput<typeof FoodSafetyCasesQuery>;

/** GET /api/v2/reports/food-safety */
export const FoodSafetyReportQuery = v.pipe(
  v.object({
    ...scope,
    from: instant('from'),
    to: instant('to'),
    format: v.optional(v.picklist(REPORT_FORMATS, 'format must be json, csv or pdf'), 'json'),
    /** The days of the report are the days of this IANA zone (the browser's); UTC without it. */
    timeZone: v.optional(timeZone, 'UTC'),
  }),
  v.check(oneScope, ONE_SCOPE),
  v.check((q) => Date.parse(q.from) >= EARLIEST, 'from: from must be a real time after 2000'),
  v.check((q) => Date.parse(q.to) > Date.parse(q.from), 'to: to must be after from'),
  v.check(
    (q) => Date.parse(q.to) - Date.parse(q.from) <= REPORT_MAX_DAYS * 86_400_000,
    `to: a report covers at most ${REPORT_MAX_DAYS} days`,
  ),
);
export type FoodSafetyReportQuery = v.InferOutput<typeof FoodSafetyReportQuery>;

const figure = v.nullable(v.number());
const sign = { reviewedBy: v.nullable(v.string()), reviewedAt: v.nullable(v.string()) };

export const FoodSafetyDay = v.object({
  /** yyyy-MM-dd in the report's time zone. */
  date: v.string(),
  min: figure,
  max: figure,
  avg: figure,
  /** Of the minutes with data outside defrost; null when there were none. */
  timeInLimitsPct: figure,
  minutesOutOfLimits: v.number(),
  defrostMinutes: v.number(),
  minutesWithoutData: v.number(),
  /** True when part of the day has no record: the figures cover only what was recorded. */
  gap: v.boolean(),
  /** Excursions that began on this day. */
  excursions: v.number(),
  ...sign,
});
export type FoodSafetyDay = v.InferOutput<typeof FoodSafetyDay>;

export const FoodSafetyExcursion = v.object({
  id: v.string(),
  start: v.string(),
  end: v.string(),
  peak: v.number(),
  peakAt: v.string(),
  minutes: v.number(),
  degreeMinutes: v.number(),
  /** Too warm (above high) or too cold (below low). */
  direction: v.picklist(['high', 'low']),
  /** The recording stopped during it: its end is the last sample heard. */
  interruptedByGap: v.boolean(),
  /** The alarm raised during the excursion, named in the reader's language. */
  alarm: v.nullable(
    v.object({ id: v.string(), code: v.string(), translation: v.string(), raisedAt: v.string() }),
  ),
  correctiveAction: v.nullable(v.string()),
  correctiveActionBy: v.nullable(v.string()),
  ...sign,
});
export type FoodSafetyExcursion = v.InferOutput<typeof FoodSafetyExcursion>;

export const FoodSafetyDepartment = v.object({
  ...FoodSafetyCase.entries,
  /** Seconds between the samples the figures read; null when the line is not recorded. */
  interval: v.nullable(v.number()),
  days: v.array(FoodSafetyDay),
  excursions: v.array(FoodSafetyExcursion),
  /** Hourly min and max of the period for the chart (ms since the epoch). */
  chart: v.array(v.tuple([v.number(), v.number(), v.number()])),
});
export type FoodSafetyDepartment = v.InferOutput<typeof FoodSafetyDepartment>;

/**
 * The temperatures a case's chart spans, as the screen and the PDF draw it: the lowest and highest of its hourly
 * values (`min`, `max`; infinite without any), and the axis (`lo`, `hi`): those and the limits, a whole degree
 * beyond them.
 */
export function chartSpan(department: Pick<FoodSafetyDepartment, 'chart' | 'limit'>) {
  const min = Math.min(...department.chart.map(([, low]) => low));
  const max = Math.max(...department.chart.map(([, , high]) => high));
  const { high, low } = department.limit;
  return {
    min,
    max,
    lo: Math.floor(Math.min(min, high, ...(low === null ? [] : [low])) - 1),
    hi: Math.ceil(Math.max(max, high, ...(low === null ? [] : [low])) + 1),
  };
}

export const FoodSafetyReport = v.object({
  scope: v.object({ kind: v.picklist(['businessGroup', 'device']), hexacode: v.string(), name: v.string() }),
  from: v.string(),
  to: v.string(),
  timeZone: v.string(),
  generatedAt: v.string(),
  departments: v.array(FoodSafetyDepartment),
});
export type FoodSafetyReport = v.InferOutput<typeof FoodSafetyReport>;

const text = v.pipe(
  v.string('text is required'),
  v.trim(),
  v.nonEmpty('text is required'),
  v.maxLength(2000, 'text may be at most 2000 characters'),
);
const excursionId = v.pipe(
  v.string('excursion is required'),
  v.regex(/^[0-9A-F]{1,16}\.\d{1,3}\.\d{1,3}\.\d{1,15}$/, 'excursion is invalid'),
);

/** PUT /api/v2/reports/food-safety/corrective-actions */
export const CorrectiveActionBody = v.object({ excursion: excursionId, text });
export type CorrectiveActionBody = v.InferOutput<typeof CorrectiveActionBody>;

/** POST /api/v2/reports/food-safety/sign-offs: an excursion, or a case's day. */
export const SignOffBody = v.union([
  v.object({ excursion: excursionId }),
  v.object({
    ...CaseAddress.entries,
    date: calendarDay('date'),
  }),
]);
export type SignOffBody = v.InferOutput<typeof SignOffBody>;

export const Review = v.object({
  correctiveAction: v.nullable(v.string()),
  correctiveActionBy: v.nullable(v.string()),
  ...sign,
});
export type Review = v.InferOutput<typeof Review>;

const email = v.pipe(v.string(), v.trim(), v.email('recipients: an address is invalid'));
export const ReportScheduleInput = v.object({
  businessGroup: hexacode,
  frequency: v.picklist(REPORT_FREQUENCIES, 'frequency must be daily, weekly or monthly'),
  recipients: v.pipe(
    v.array(email),
    v.minLength(1, 'recipients: at least one address'),
    v.maxLength(20, 'recipients: at most 20 addresses'),
  ),
  timeZone: v.optional(timeZone, 'UTC'),
});
export type ReportScheduleInput = v.InferOutput<typeof ReportScheduleInput>;

export const ReportSchedule = v.object({
  id: v.string(),
  businessGroup: v.string(),
  businessGroupName: v.string(),
  frequency: v.picklist(REPORT_FREQUENCIES),
  recipients: v.array(v.string()),
  timeZone: v.string(),
  nextRunAt: v.string(),
  lastSentAt: v.nullable(v.string()),
});
export type ReportSchedule = v.InferOutput<typeof ReportSchedule>;
export const ReportSchedules = v.array(ReportSchedule);
export const ReportSchedulesQuery = v.object({ businessGroup: v.optional(hexacode) });
export const ScheduleParams = v.object({ id: v.pipe(v.string(), v.uuid('id is invalid')) });
