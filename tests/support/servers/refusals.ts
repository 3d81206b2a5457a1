import { STATUS_CODES } from 'node:http';
import { HttpResponse } from 'msw';
import { INTERNAL_ERROR } from '#contracts';

/** An error answer as server/src/errors.ts writes it (the `error` text is Node's, as the server's). */
const errorAnswer = (statusCode: number, code: string, message: string) =>
  HttpResponse.json({ statusCode, code, error: STATUS_CODES[statusCode], message }, { status: statusCode });

/**
 * The fake server's refusals of a coded table of the contracts (USER_ERRORS with USER_ERROR_STATUS, ...): the status
 * and the message the real server answers each code with, from the one table both read.
 */
export const refusalsOf =
  <Code extends string>(statuses: Readonly<Record<Code, number>>, messages: Readonly<Record<Code, string>>) =>
  (code: Code) =>
    errorAnswer(statuses[code], code, messages[code]);

/** What the server answers for a failure it did not expect. */
export const unavailable = () =>
  errorAnswer(INTERNAL_ERROR.statusCode, INTERNAL_ERROR.code, INTERNAL_ERROR.message);
