/**
 * The routes the sweeps walk, read from app.routeTable, and how a generated value becomes a request to one of them
 * and what its answer must look like. Nothing here names a route: a new route is swept as soon as it is registered.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { ErrorBody } from '#contracts';
import { UNSTORABLE_VALUE } from '../errors';
import { contractsOf } from '../http/contracts';
import { isApiPath } from '../modules/tenancy/plugin';
import { toJsonText } from './hostile';

export const PARTS = ['params', 'querystring', 'body'] as const;
export type Part = (typeof PARTS)[number];

export interface SweptRoute {
  method: string;
  /** As registered: `/api/v2/dashboards/:id`. */
  url: string;
  contracts: Partial<Record<Part, v.GenericSchema>>;
  websocket: boolean;
}

export const describeRoute = (route: SweptRoute) => `${route.method} ${route.url}`;

/**
 * Every route of the API and the live socket, once per method. The HEAD twin Fastify adds to each GET runs the same
 * handler, so it is left out; the SPA fallback and the static files outside /api are too.
 */
export function sweptRoutes(app: FastifyInstance): SweptRoute[] {
  const gets = new Set(app.routeTable.filter((r) => r.methods.includes('GET')).map((r) => r.url));
  return app.routeTable
    .filter((entry) => entry.websocket || isApiPath(entry.url))
    .flatMap((entry) =>
      entry.methods
        .filter((method) => !(method === 'HEAD' && gets.has(entry.url)))
        .map((method) => ({
          method,
          url: entry.url,
          contracts: contractsOf(entry.schema),
          websocket: entry.websocket,
        })),
    );
}

/** encodeURIComponent, except that unpaired surrogates (which it refuses) are sent as their invalid UTF-8 bytes. */
function encodeComponent(text: string): string {
  return [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A generated value as it travels in a URL: -0 stays "-0", objects become their JSON. */
const textOf = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? toJsonText(value)
      : Object.is(value, -0)
        ? '-0'
        : String(value);

/** The route's url with its parameters taken from `params` (a whole odd value fills each parameter). */
export function pathOf(url: string, params: unknown): string {
  return url
    .replace(/:(\w+)(\([^)]*\))?/g, (_match, name: string) =>
      encodeComponent(textOf(isRecord(params) ? (params[name] ?? 'x') : (params ?? 'x'))),
    )
    .replace('*', 'x');
}

/** A query string for `query`: arrays repeat their key, anything but a record becomes the whole query text. */
export function queryOf(query: unknown): string | undefined {
  if (query === undefined) return undefined;
  if (!isRecord(query)) return encodeComponent(textOf(query));
  return Object.entries(query)
    .flatMap(([key, value]) =>
      [value]
        .flat()
        .filter((item) => item !== undefined)
        .map((item) => `${encodeComponent(key)}=${encodeComponent(textOf(item))}`),
    )
    .join('&');
}

/**
 * What is wrong with an answer to anything a client may send, or null: never a 5xx, and 4xx in the error shape.
 * The live socket's plain-HTTP answers come from @fastify/websocket (a bare 404 without an upgrade): status only.
 */
export function problemOf(response: LightMyRequestResponse, route?: SweptRoute): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 300)}`;
  if (status < 400 || route?.websocket) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if ((body as { code?: unknown }).code === UNSTORABLE_VALUE) {
    return `${UNSTORABLE_VALUE}: a contract let through input the database refused (${response.body})`;
  }
  if (!v.is(ErrorBody, body) || body.statusCode !== status) {
    return `answered ${status} without the error shape: ${response.body.slice(0, 200)}`;
  }
  return null;
}
