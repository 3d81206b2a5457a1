import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { INTERNAL_ERROR, type ErrorBody } from '#contracts';

/** An error the API answers on purpose: its status, a stable code for clients and a message for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Extra response headers, e.g. Locked-Message on 423. */
    readonly headers: Record<string, string> = {},
    /** Extra body fields next to the error fields (e.g. the LineWriteResult of a refused line write). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in to continue', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (code: string, message: string) => new AppError(404, code, message);

/**
 * The refusals of a coded table of the contracts (USER_ERRORS with USER_ERROR_STATUS, ...): each code with the
 * status and the message the contract promises, which the tests' fake servers answer from the same table.
 */
export const refusalsOf =
  <Code extends string>(statuses: Readonly<Record<Code, number>>, messages: Readonly<Record<Code, string>>) =>
  (code: Code): AppError =>
    new AppError(statuses[code], code, messages[code]);

export const errorBody = (statusCode: number, code: string, message: string): ErrorBody => ({
  statusCode,
  code,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
});

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .send({ ...error.extra, ...errorBody(error.statusCode, error.code, error.message) });
}

/** Fastify's own client errors, renamed to codes that say what went wrong. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

/** 403 → FORBIDDEN, for client errors that come without a code of their own. */
const codeOfStatus = (statusCode: number) =>
  (STATUS_CODES[statusCode] ?? 'Bad Request').toUpperCase().replace(/[^A-Z]+/g, '_');

/**
 * The SQLSTATE of a PostgreSQL error that input caused (class 22, data exception: a value out of range, text the
 * encoding refuses…; class 54, program limit exceeded: an index entry too large…) behind `error`, looking through
 * the wrappers of Drizzle. The contracts should refuse such input first, naming the field; this is the safety net
 * that keeps a contract's gap from being a 500.
 */
function dataExceptionOf(error: unknown): string | null {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)[0-9A-Z]{3}$/.test(code)) return code;
    cause = cause.cause;
  }
  return null;
}

/**
 * SQLSTATEs that say the database cannot serve now: connection exceptions (class 08), insufficient resources
 * (class 53: too many clients, disk full, out of memory), shutdowns and restarts (57P01–57P05), and a statement
 * cancelled for taking too long (57014: the pool's statement timeout, db/pool.ts).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|53[0-9A-Z]{3}|57P0[1-5]|57014)$/;
/** The same said by the network or node-postgres: refused, dropped or silent connections, a full pool. */
const UNAVAILABLE_NETWORK = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)$/;
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout)/;

/** Whether `error` (or what it wraps) says the database cannot serve now: an outage, not a bug, so 503. */
function databaseDown(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_NETWORK.test(code)))
      return true;
    if (UNAVAILABLE_MESSAGE.test(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

/** Code of the safety net's 400: a test failing on it has found a contract that lets such input through. */
export const UNSTORABLE_VALUE = 'UNSTORABLE_VALUE';

/** Turns anything thrown into an AppError; anything that is not a client error becomes a logged generic 500. */
function toAppError(error: FastifyError | AppError | Error): AppError | null {
  if (error instanceof AppError) return error;
  if (databaseDown(error)) {
    return new AppError(503, 'DATABASE_UNAVAILABLE', 'The database cannot be reached; try again shortly', {
      'Retry-After': '5',
    });
  }
  if (dataExceptionOf(error)) {
    return badRequest(
      UNSTORABLE_VALUE,
      'A value of the request cannot be stored; check its text and numbers',
    );
  }
  const { statusCode, code } = error as FastifyError;
  // The JSON parser throws a bare SyntaxError (status 400) for malformed bodies.
  if (error instanceof SyntaxError && statusCode === 400)
    return badRequest('MALFORMED_JSON', 'Body is not valid JSON');
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return new AppError(statusCode, FASTIFY_CODES[code] ?? codeOfStatus(statusCode), error.message);
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toAppError(error);
    if (known?.code === UNSTORABLE_VALUE) {
      request.log.warn(
        { err: error, route: request.routeOptions.url },
        'the contract let through an unstorable value',
      );
    }
    if (known?.code === 'DATABASE_UNAVAILABLE')
      request.log.warn({ err: error }, 'the database is unavailable');
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'unhandled error');
    const { statusCode, code, message } = INTERNAL_ERROR;
    return sendError(reply, new AppError(statusCode, code, message));
  });
}
