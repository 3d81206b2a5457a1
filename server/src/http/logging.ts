import type { FastifyServerOptions, FastifyRequest } from 'fastify';

export const REDACTED = '[REDACTED]';

/** Where log lines go instead of standard output (tests read them). */
export interface LogStream {
  write(line: string): void;
}

/** Query parameters that may carry a secret: the socket's token, a recovery token, a security code, a key. */
const SECRET_PARAMETER = /authorization|token|password|secret|code|credential|key/i;

/** The URL with the value of every secret-looking query parameter replaced, for the log. */
export function redactUrl(url: string): string {
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
