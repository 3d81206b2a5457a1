/**
 * Requests that aim another user's ids at a route: every path parameter, every query field and every id slot of
 * the body (slots.ts) gets each victim id of its kind, one slot at a time, the other slots holding the attacker's
 * own ids (so only the aimed one is foreign); then every slot at once gets ids that belong together (a victim's
 * dashboard at its version, one of its widgets, that widget's element), for routes that take more than one id.
 */
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import * as v from 'valibot';
import { arbitraryOf } from './arbitraries';
import type { Probe } from './callers';
import { toJsonText } from './hostile';
import type { Bundle, Ids } from './ids';
import { type Part, pathOf, queryOf, type SweptRoute } from './routes';
import type { SchemaNode } from './schema-node';
import { type IdKind, kindOf, type Slot, slotsOf, withId, withVersion } from './slots';

type Parts = Record<Part, unknown>;
interface RouteSlot {
  part: Part;
  slot: Slot;
  kind: IdKind | 'any';
}

const node = (schema: v.GenericSchema | undefined) => schema as unknown as SchemaNode | undefined;

/** One complete valid value of each part of the route, the same on every run. */
function samplesOf(route: SweptRoute): Parts {
  const sample = (part: Part) => {
    const schema = route.contracts[part];
    if (!schema) return undefined;
    return fc.sample(arbitraryOf(schema, 'valid', { complete: true }), { numRuns: 1, seed: 20_260_115 })[0];
  };
  return { params: sample('params') ?? {}, querystring: sample('querystring'), body: sample('body') };
}

/** Path parameters are read from the url, so a route that forgot its params contract is aimed at too. */
function slotsOfRoute(route: SweptRoute, parts: Parts): RouteSlot[] {
  const field = (part: Part, name: string): RouteSlot => ({
    part,
    slot: { path: [name], recordKey: false },
    kind: kindOf([name]),
  });
  const body = node(route.contracts.body);
  return [
    ...[...route.url.matchAll(/:(\w+)/g)].map(([, name]) => field('params', name!)),
    ...Object.keys(node(route.contracts.querystring)?.entries ?? {}).map((name) =>
      field('querystring', name),
    ),
    ...(body ? slotsOf(body, parts.body) : []).map((slot) => ({
      part: 'body' as const,
      slot,
      kind: kindOf(slot.path),
    })),
  ];
}

const accepts = (route: SweptRoute, part: Part, value: unknown) => {
  const schema = route.contracts[part];
  return !schema || v.is(schema, value);
};

/** `parts` with every slot holding the bundle's id of its kind, where the contract accepts it. */
function filledWith(route: SweptRoute, parts: Parts, slots: readonly RouteSlot[], bundle: Bundle): Parts {
  const next = { ...parts };
  // Deepest first: renaming a record key must not strand the slots below it.
  for (const { part, slot, kind } of [...slots].reverse()) {
    const id = bundle[kind === 'any' ? 'dashboard' : kind];
    const candidate = id === undefined ? undefined : withId(next[part], slot, id);
    if (candidate !== undefined && accepts(route, part, candidate)) next[part] = candidate;
  }
  const versioned = withVersion(next.body, bundle.version);
  return accepts(route, 'body', versioned) ? { ...next, body: versioned } : next;
}

const probeOf = (route: SweptRoute, parts: Parts): Probe => ({
  method: route.method,
  path: pathOf(route.url, parts.params),
  query: queryOf(parts.querystring),
  body: route.contracts.body ? toJsonText(parts.body) : undefined,
});

export interface Victims {
  ids: Ids;
  bundles: readonly Bundle[];
}

/**
 * A request aimed at one victim id, with the same request for a look-alike id nobody has: the two answers must not
 * differ (an unknown and a foreign id look the same), so that access without a marker to show is caught too.
 */
export interface Aimed {
  probe: Probe;
  id?: string;
  /** Same slot, same shape of id: one control answers for every victim id of that shape. */
  control?: { key: string; id: string; probe: Probe };
}

/**
 * The id with each hex digit drawn afresh, in the id's case: same shape, and no row has it (drawn anew for every
 * control, as a control's id may be stored by the sweep: a widget saved under it into the attacker's dashboard).
 */
const lookAlike = (id: string) => {
  const digits = /[A-F]/.test(id) ? '0123456789ABCDEF' : '0123456789abcdef';
  return id.replace(/[0-9a-fA-F]/g, () => digits[randomInt(16)]!);
};
const shapeOf = (id: string) => id.replace(/[0-9a-fA-F]/g, 'h');
const anyIdsOf = (ids: Ids) =>
  Object.entries(ids).flatMap(([kind, values]) => (kind === 'endpoint' ? [] : values));

/**
 * The requests aimed at `route`, how many slots it has, and the attacker's own request they are made from (sent as
 * is when the route has no slots: a list must not show the victims' data either).
 */
export function targetedProbes(
  route: SweptRoute,
  own: Bundle,
  victims: Victims,
): { aimed: Aimed[]; slots: number; plain: Probe } {
  const samples = samplesOf(route);
  const base = filledWith(route, samples, slotsOfRoute(route, samples), own);
  // Found again in the base: filling it may have renamed record keys.
  const slots = slotsOfRoute(route, base);
  const plain = probeOf(route, base);
  if (slots.length === 0) return { aimed: [{ probe: plain }], slots: 0, plain };
  const aimed: Aimed[] = [];
  const withIdIn = (part: Part, slot: Slot, id: string) => {
    const value = withId(base[part], slot, id);
    return accepts(route, part, value) ? probeOf(route, { ...base, [part]: value }) : undefined;
  };
  for (const { part, slot, kind } of slots) {
    // A bare id or a path parameter never holds a push endpoint (a URL): those are aimed where they are named.
    const ids = kind === 'any' ? anyIdsOf(victims.ids) : victims.ids[kind];
    for (const id of ids) {
      const probe = withIdIn(part, slot, id);
      const controlId = lookAlike(id);
      // An endpoint is a capability: who knows it holds the browser's subscription already, so the server may
      // refuse a foreign one where it stores an unknown one. Its row must not change (the sweep's snapshot).
      const control = kind === 'endpoint' ? undefined : withIdIn(part, slot, controlId);
      if (!probe) continue;
      const key = `${part} ${slot.path.join('.')} ${shapeOf(id)}`;
      aimed.push({ probe, id, ...(control ? { control: { key, id: controlId, probe: control } } : {}) });
    }
  }
  if (slots.length > 1) {
    for (const bundle of victims.bundles)
      aimed.push({ probe: probeOf(route, filledWith(route, base, slots, bundle)) });
  }
  return { aimed, slots: slots.length, plain };
}
