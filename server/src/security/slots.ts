/**
 * Where ids go in a request. The sweeps know no route by name: they find the fields that hold ids of stored things
 * by the field names the contracts use, so a new route with an `xxxId`, `key` or `hexacode` field is covered as is.
 */
import * as v from 'valibot';
import type { SchemaNode } from './schema-node';

export type Path = readonly (string | number)[];

/**
 * id, i (a layout item's widget), key, dashboard, widget, endpoint (a browser's push subscription), …Id, …Ids,
 * …hexacode, …Data (dashboardsData).
 */
const ID_FIELD = /^(id|i|key|dashboard|widget|endpoint)$|Id$|Ids$|[hH]exacode$|Data$/;

const lastName = (path: Path) => [...path].reverse().find((segment) => typeof segment === 'string');

export const isIdField = (path: Path): boolean => ID_FIELD.test(lastName(path) ?? '');

export const ID_KINDS = [
  'dashboard',
  'group',
  'widget',
  'element',
  'hexacode',
  'key',
  'user',
  'endpoint',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** The nearest field name that says what a slot holds ("widgets.0.elements.0.id" holds an element's id). */
const KIND_OF_NAME: readonly [RegExp, IdKind][] = [
  [/element/i, 'element'],
  [/widget|^i$/i, 'widget'],
  [/dashboard/i, 'dashboard'],
  [/group/i, 'group'],
  [/hexacode/i, 'hexacode'],
  [/^key$/, 'key'],
  [/^endpoint$/, 'endpoint'],
];

/** The kind of id a slot holds, or 'any' when its name does not say (a bare `id`, a path parameter, a query field). */
export function kindOf(path: Path): IdKind | 'any' {
  for (const segment of [...path].reverse()) {
    if (typeof segment !== 'string') continue;
    const found = KIND_OF_NAME.find(([name]) => name.test(segment));
    if (found) return found[1];
  }
  return 'any';
}

/** A place for an id in a value: a string field, an array item, or the key of a record entry. */
export interface Slot {
  path: Path;
  recordKey: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The id slots of `value`, a value of `schema`: id-like string fields and every record key. */
export function slotsOf(schema: SchemaNode, value: unknown, path: Path = []): Slot[] {
  switch (schema.type) {
    case 'string':
      return typeof value === 'string' && isIdField(path) ? [{ path, recordKey: false }] : [];
    case 'optional':
    case 'exact_optional':
    case 'nullable':
    case 'nullish':
      return value === undefined || value === null ? [] : slotsOf(schema.wrapped!, value, path);
    case 'lazy':
      return slotsOf(schema.getter!(value), value, path);
    case 'union':
    case 'variant': {
      const option = (schema.options as SchemaNode[]).find((o) => v.is(o as v.GenericSchema, value));
      return option ? slotsOf(option, value, path) : [];
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => slotsOf(schema.item!, item, [...path, i]))
        : [];
    case 'tuple':
      return Array.isArray(value)
        ? schema.items!.flatMap((item, i) => slotsOf(item, value[i], [...path, i]))
        : [];
    case 'record':
      if (!isObject(value)) return [];
      return Object.entries(value).flatMap(([key, item]) => [
        { path: [...path, key], recordKey: true },
        ...slotsOf(schema.value!, item, [...path, key]),
      ]);
    default:
      if (!schema.entries || !isObject(value)) return [];
      return Object.entries(schema.entries).flatMap(([key, entry]) =>
        slotsOf(entry, value[key], [...path, key]),
      );
  }
}

/** A copy of `value` with `id` in `slot` (a record key is renamed, keeping its value). */
export function withId(value: unknown, slot: Slot, id: string): unknown {
  if (slot.path.length === 0) return id;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parentPath = slot.path.slice(0, -1);
  const last = slot.path.at(-1)!;
  let parent = copy;
  for (const segment of parentPath) parent = parent[segment] as Record<string | number, unknown>;
  if (slot.recordKey) {
    const item = parent[last];
    delete parent[last];
    parent[id] = item;
  } else {
    parent[last] = id;
  }
  return copy;
}

/** A copy of `value` whose numeric `version` fields say `version` (a save of another user's dashboard at its version). */
export function withVersion(value: unknown, version: number | undefined): unknown {
  if (version === undefined || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withVersion(item, version));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === 'version' && typeof item === 'number' ? version : withVersion(item, version),
    ]),
  );
}
