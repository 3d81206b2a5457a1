import * as v from 'valibot';

/** Every error the API answers has this one shape (see server/src/errors.ts). */
export const ErrorBody = v.object({
  statusCode: v.number(),
  code: v.string(),
  error: v.string(),
  message: v.string(),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

/** What the server answers for a failure it did not expect (its log has the details). */
export const INTERNAL_ERROR = {
  statusCode: 500,
  code: 'INTERNAL_ERROR',
  message: 'Something went wrong on our side',
} as const;

/** A device's (or a store's) hexacode: 1 to 16 hexadecimal digits, either case. */
export const HEXACODE = /^[0-9A-Fa-f]{1,16}$/;

/** Whether `value` is one of `values` (a list of the contracts' `as const`), as a type guard. */
export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** An instant as the server writes it (ISO 8601, as Date.prototype.toISOString gives it). */
export const isoTime = v.pipe(v.string(), v.isoTimestamp());

/** The date of an ISO timestamp is one the calendar has (the format alone lets 2026-02-30 through). */
const isCalendarDate = (text: string) => {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A day a client gives (yyyy-MM-dd): `${field} is required` or `${field} is invalid`. */
export const calendarDay = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.isoDate(`${field} is invalid`),
    v.check(isCalendarDate, `${field} is invalid`),
  );

/** An instant a client gives (ISO 8601 with its offset): `${field} is required` or `${field} is invalid`. */
export const instant = (field: string) =>
  v.pipe(
    v.string(`${field} is required`),
    v.isoTimestamp(`${field} is invalid`),
    v.check(isCalendarDate, `${field} is invalid`),
  );

export const trimmed = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.trim(), v.nonEmpty(`${name} is required`));

/** An integer that fits PostgreSQL's `integer` (what order and version columns hold). */
export const int32 = v.pipe(v.number(), v.integer(), v.minValue(-2_147_483_648), v.maxValue(2_147_483_647));
