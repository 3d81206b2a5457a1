import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';

const REDACTED = '[REDACTED]';

/** Where log lines go instead of standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Query parameters that may carry a secret or whom a request is about: the socket's token, a recovery token, a
 * security code, a key, the e-mail address a recovery link is asked for, a browser's push endpoint (a capability).
 */
const SECRET_PARAMETER = /authorization|token|password|secret|code|credential|key|e-?mail|endpoint/i;

/** The URL with the value of every secret-looking query parameter replaced, for the log. */
function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && SECRET_PARAMETER.test(decodeURIComponentSafe(name))
        ? `${name}=${REDACTED}`
        : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Drizzle puts a failed query's parameters (hashes, e-mail addresses, settings) into its error message. */
const redactQueryParameters = (message: string) =>
  message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeError(error: Error): SerializedError {
  return {
    type: error.name,
    message: redactQueryParameters(error.message),
    stack: redactQueryParameters(error.stack ?? ''),
    ...('code' in error ? { code: (error as { code: unknown }).code } : {}),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

/**
 * The server's logger: requests are logged with secrets taken out of their URLs, headers that authenticate are
 * never logged, and error messages lose the parameters of failed queries.
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: serializeError,
    },
  };
}

/** Request ids are sent back to the client; one from a proxy is taken only from a proxy that is trusted. */
const REQUEST_ID_HEADER = 'x-request-id';
const PROXY_REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Every request gets an id that is unique across instances (Fastify's default counts from 1 in each process):
 * a trusted proxy's X-Request-Id when it is a plain token, a random UUID otherwise. Fastify's two lines per
 * request ("incoming", "completed") give way to one, written by logResponses.
 */
export function requestIdentity(trustProxy: boolean) {
  return {
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false as const,
    genReqId: (request: { headers: Record<string, string | string[] | undefined> }) => {
      const fromProxy = request.headers[REQUEST_ID_HEADER];
      return trustProxy && typeof fromProxy === 'string' && PROXY_REQUEST_ID.test(fromProxy)
        ? fromProxy
        : randomUUID();
    },
  };
}

/**
 * One line a request, when its answer is sent: what was asked (without secrets), the status and the time taken,
 * with the request id, which the answer also carries in X-Request-Id (a live socket: when it opens). Server
 * errors log at error level, refused and unavailable (503) ones at info like the rest; probes keep their own level
 * (warn) and so stay out of the log.
 */
export function logResponses(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // A socket's upgrade is handed over before any answer: it is logged as it opens.
    if (request.headers.upgrade) request.log.info({ req: request }, 'socket opening');
  });
  app.addHook('onResponse', async (request, reply) => {
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    // 503 is the server saying "not now" (starting, database away), which its own lines explain: a probe asking
    // five times a second during a start would otherwise bury them.
    if (reply.statusCode >= 500 && reply.statusCode !== 503) request.log.error(fields, 'request failed');
    else request.log.info(fields, 'request completed');
  });
}
