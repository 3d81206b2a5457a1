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

/** An instant as the server writes it (ISO 8601, as Date.prototype.toISOString gives it). */
export const isoTime = v.pipe(v.string(), v.isoTimestamp());

export const trimmed = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.trim(), v.nonEmpty(`${name} is required`));

/** An integer that fits PostgreSQL's `integer` (what order and version columns hold). */
export const int32 = v.pipe(v.number(), v.integer(), v.minValue(-2_147_483_648), v.maxValue(2_147_483_647));
