import * as v from 'valibot';

/** Every error the API answers has this one shape (see server/src/errors.ts). */
export const ErrorBody = v.object({
  statusCode: v.number(),
  code: v.string(),
  error: v.string(),
  message: v.string(),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

export const trimmed = (name: string) =>
  v.pipe(v.string(`${name} must be a string`), v.trim(), v.nonEmpty(`${name} is required`));

/** An integer that fits PostgreSQL's `integer` (what order and version columns hold). */
export const int32 = v.pipe(v.number(), v.integer(), v.minValue(-2_147_483_648), v.maxValue(2_147_483_647));
