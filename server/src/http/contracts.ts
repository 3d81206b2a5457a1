import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../errors';
import { findUnstorable } from './storable';

type AnySchema = v.GenericSchema;
type JsonSchema = Record<string, unknown>;

/** One registered route, as the security sweeps walk them (see server/src/security/). */
interface RouteEntry {
  methods: readonly string[];
  url: string;
  schema: FastifySchema | undefined;
  websocket: boolean;
  /** Left out of the OpenAPI document (assets, aliases, the live socket). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route in the order it was registered, so tests can cover routes nobody listed by hand. */
    routeTable: readonly RouteEntry[];
  }
}

/** The valibot schema behind each JSON schema handed to Fastify, so validation runs the contract itself. */
const contractOf = new WeakMap<object, AnySchema>();

function describe(schema: AnySchema, typeMode: 'input' | 'output'): JsonSchema {
  // Transforms (trim, defaults) have no JSON Schema form; ignoring them documents the accepted shape.
  const { $schema: _draft, ...json } = toJsonSchema(schema, { errorMode: 'ignore', typeMode }) as JsonSchema;
  return json;
}

interface RouteContract {
  body?: AnySchema;
  querystring?: AnySchema;
  params?: AnySchema;
  /** Documented only: responses are serialised with JSON.stringify. */
  response?: Record<number, AnySchema>;
  summary?: string;
  tags?: string[];
  security?: boolean;
}

/**
 * The `schema` of a route, made from its valibot contracts: the same schemas validate requests (see
 * useContractValidation) and produce the OpenAPI document, so the two cannot drift apart.
 */
export function contract(route: RouteContract): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = {};
  for (const part of ['body', 'querystring', 'params'] as const) {
    const valibot = route[part];
    if (!valibot) continue;
    const json = describe(valibot, 'input');
    contractOf.set(json, valibot);
    schema[part] = json;
  }
  if (route.response) {
    schema.response = Object.fromEntries(
      Object.entries(route.response).map(([status, valibot]) => [status, describe(valibot, 'output')]),
    );
  }
  if (route.summary) schema.summary = route.summary;
  if (route.tags) schema.tags = route.tags;
  if (route.security) schema.security = [{ bearerAuth: [] }];
  return schema;
}

/** The valibot contracts behind a route's schema (the security sweeps generate requests from them). */
export function contractsOf(
  schema: FastifySchema | undefined,
): Partial<Record<'body' | 'querystring' | 'params', AnySchema>> {
  const found: Partial<Record<'body' | 'querystring' | 'params', AnySchema>> = {};
  for (const part of ['body', 'querystring', 'params'] as const) {
    const json = schema?.[part];
    const valibot = json && typeof json === 'object' ? contractOf.get(json) : undefined;
    if (valibot) found[part] = valibot;
  }
  return found;
}

/** mfaCode → "Mfa code" */
const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "username: Username is required" — the field first, so a client developer sees at once what to fix. */
function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue);
  const lastKey = issue.path?.at(-1)?.key;
  // valibot reports a missing key as 'Invalid key: Expected "username"…'; say it the way the forms do.
  const missing = issue.type === 'object' && issue.input === undefined && typeof lastKey === 'string';
  const message = missing ? `${humanize(lastKey)} is required` : issue.message;
  return path ? `${path}: ${message}` : message;
}

export const validationFailed = (issue: v.BaseIssue<unknown>) =>
  new AppError(400, 'VALIDATION_FAILED', describeIssue(issue));

/** A query key given twice arrives as a list, which no route's query takes: named, not "is required". */
function repeatedQueryKey(query: unknown): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  return Object.entries(query).find(([, value]) => Array.isArray(value))?.[0];
}

/** Replaces Fastify's AJV with the valibot contracts; the parsed (trimmed, defaulted) value replaces the input. */
export function useContractValidation(app: FastifyInstance): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as (FastifySchema & { hide?: boolean }) | undefined;
    routeTable.push({
      methods: [route.method].flat(),
      url: route.url,
      schema,
      websocket: (route as { websocket?: unknown }).websocket === true,
      hidden: schema?.hide === true,
    });
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const valibot = contractOf.get(schema);
    if (!valibot) throw new Error('Route schemas must be made with contract() so valibot validates them');
    return (data: unknown) => {
      const repeated = httpPart === 'querystring' ? repeatedQueryKey(data) : undefined;
      if (repeated)
        return { error: new AppError(400, 'VALIDATION_FAILED', `${repeated}: give ${repeated} once`) };
      const unstorable = findUnstorable(data);
      if (unstorable) {
        const { path, message } = unstorable;
        return { error: new AppError(400, 'VALIDATION_FAILED', path ? `${path}: ${message}` : message) };
      }
      const result = v.safeParse(valibot, data ?? undefined);
      return result.success ? { value: result.output } : { error: validationFailed(result.issues[0]) };
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
