/**
 * fast-check arbitraries made from the valibot contracts of the routes: `valid` values pass the contract, so
 * requests reach the services and the database; `hostile` values are valid ones with one thing made odd (see
 * hostile.ts). A schema kind this file does not know fails loudly, so a new kind in a contract is noticed here.
 */
import fc from 'fast-check';
import * as v from 'valibot';
import { hostileFrom } from './hostile';
import { hasChecks, type Limits, limitsOf, actionsOf, type SchemaNode } from './schema-node';
import { isIdField, type Path } from './slots';

export type Mode = 'valid' | 'hostile';

export interface ArbitraryOptions {
  /** Real ids that id-like fields (slots.ts) take now and then, so requests get past "no such dashboard". */
  ids?: readonly string[];
  /** Every optional field present, every array and record of one item: a value with every kind of id slot. */
  complete?: boolean;
}

/** Small collections keep requests fast; the contracts' own limits still apply. */
const MAX_ITEMS = 3;
const MAX_TEXT = 40;
/** Recursive schemas (v.lazy) stop growing here. */
const MAX_DEPTH = 8;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

/** Mostly printable ASCII, sometimes letters beyond it: text PostgreSQL stores unchanged. */
const TEXT_UNIT = fc.oneof(
  { weight: 9, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ø', 'ß', '日', '🧊', 'Ω') },
);

const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]{1,10}$/),
    fc.stringMatching(/^[a-z]{1,10}$/),
    fc.constantFrom('dk', 'com'),
  )
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const isoTimestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const isoDate = isoTimestamp.map((timestamp) => timestamp.slice(0, 10));

/**
 * Mostly numbers near zero (or near the bound nearest it), sometimes anywhere allowed. fast-check's own bias towards
 * small values fades inside arrays, where a check such as "x + w at most 12" would then almost never pass.
 */
function number(limits: Limits): fc.Arbitrary<number> {
  const bounds = limits.integer ? INT32 : { min: -Number.MAX_VALUE, max: Number.MAX_VALUE };
  const min = Math.max(limits.min ?? bounds.min, bounds.min);
  const max = Math.min(limits.max ?? bounds.max, bounds.max);
  const near = Math.min(Math.max(0, min), max);
  const around = { min: Math.max(min, near - 20), max: Math.min(max, near + 20) };
  const range = (within: { min: number; max: number }) =>
    limits.integer ? fc.integer(within) : fc.double({ ...within, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 4, arbitrary: range(around) }, { weight: 1, arbitrary: range({ min, max }) });
}

const OPTIONAL = new Set(['optional', 'exact_optional', 'nullish']);
/** Texts that pass the checks of the contracts' texts (IANA time zones). */
const CHECKED_TEXTS = ['UTC', 'Europe/Copenhagen'];

class Converter {
  constructor(private readonly options: ArbitraryOptions) {}

  of(node: SchemaNode, path: Path, depth: number): fc.Arbitrary<unknown> {
    const base = this.shape(node, path, depth, limitsOf(actionsOf(node)));
    if (!hasChecks(node)) return base;
    // Generation follows the requirements it understands; the contract itself decides the rest (v.check…). A
    // check is a function no generator can read: texts that pass the contracts' own (time zones) are offered
    // beside random ones, or a filter would wait for a random text to name a time zone.
    // A complete value may break a check between its fields (exactly one of two optional ones): values with the
    // optional fields left out are offered beside it.
    const relaxed = () =>
      fc.oneof(base, new Converter({ ...this.options, complete: false }).of(node, path, depth));
    const offered =
      node.type === 'string'
        ? fc.oneof(base, fc.constantFrom(...CHECKED_TEXTS))
        : this.options.complete
          ? relaxed()
          : base;
    return offered.filter((value) => v.is(node as unknown as v.GenericSchema, value));
  }

  private shape(node: SchemaNode, path: Path, depth: number, limits: Limits): fc.Arbitrary<unknown> {
    const { complete = false } = this.options;
    const least = limits.minLength ?? 0;
    // Complete values hold one item where they may (widgets of one item never overlap, ids are never repeated).
    const sizes = () =>
      complete
        ? { minLength: Math.max(least, 1), maxLength: Math.max(least, 1) }
        : {
            minLength: least,
            maxLength: Math.min(limits.maxLength ?? MAX_ITEMS, depth > MAX_DEPTH ? 0 : MAX_ITEMS),
          };
    switch (node.type) {
      case 'string':
        return this.withIds(this.text(limits), path);
      case 'number':
        return number(limits);
      case 'boolean':
        return fc.boolean();
      case 'literal':
        return fc.constant(node.literal);
      case 'picklist':
      case 'enum':
        return fc.constantFrom(...node.options!);
      case 'null':
        return fc.constant(null);
      case 'any':
      case 'unknown':
        return fc.jsonValue({ maxDepth: 2 });
      case 'nullable':
      case 'nullish':
        return complete
          ? this.of(node.wrapped!, path, depth)
          : fc.option(this.of(node.wrapped!, path, depth), { nil: null });
      case 'optional':
      case 'exact_optional':
        return complete
          ? this.of(node.wrapped!, path, depth)
          : fc.option(this.of(node.wrapped!, path, depth), { nil: undefined });
      case 'union':
      case 'variant':
        return fc.oneof(...(node.options as SchemaNode[]).map((option) => this.of(option, path, depth)));
      case 'lazy':
        return fc.constant(null).chain(() => this.of(node.getter!(undefined), path, depth + 1));
      case 'array':
        return fc.array(this.of(node.item!, [...path, 0], depth + 1), sizes());
      case 'tuple':
        return fc.tuple(...node.items!.map((item, i) => this.of(item, [...path, i], depth + 1)));
      case 'record': {
        const { minLength: minKeys, maxLength: maxKeys } = sizes();
        // Record keys name stored things (sortData: dashboard and group ids), so they are id slots too.
        const key = this.of(node.key!, ['key'], depth) as fc.Arbitrary<string>;
        return fc.dictionary(key, this.of(node.value!, [...path, '*'], depth + 1), {
          minKeys,
          maxKeys,
          noNullPrototype: true,
        });
      }
      case 'object':
      case 'loose_object':
      case 'strict_object':
      case 'object_with_rest':
        return this.object(node.entries!, path, depth);
      default:
        throw new Error(`No arbitrary for the valibot schema kind '${node.type}' (at '${path.join('.')}')`);
    }
  }

  private object(entries: Record<string, SchemaNode>, path: Path, depth: number): fc.Arbitrary<unknown> {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const [key, entry] of Object.entries(entries)) {
      const optional = OPTIONAL.has(entry.type);
      // An optional key is left out rather than sent as undefined; nullish may still be null.
      const value = optional && entry.type !== 'nullish' ? entry.wrapped! : entry;
      model[key] = this.of(value, [...path, key], depth + 1);
      if (!optional || this.options.complete) requiredKeys.push(key);
    }
    return fc.record(model, { requiredKeys, noNullPrototype: true });
  }

  private text(limits: Limits): fc.Arbitrary<string> {
    if (limits.format === 'email') return email;
    if (limits.format === 'iso_timestamp') return isoTimestamp;
    if (limits.format === 'iso_date') return isoDate;
    if (limits.format === 'url') return fc.webUrl();
    if (limits.format === 'uuid') return fc.uuid();
    if (limits.regex) return fc.stringMatching(limits.regex);
    const minLength = limits.minLength ?? 0;
    return fc.string({
      unit: TEXT_UNIT,
      minLength,
      maxLength: Math.max(minLength, Math.min(limits.maxLength ?? MAX_TEXT, MAX_TEXT)),
    });
  }

  private withIds(text: fc.Arbitrary<string>, path: Path): fc.Arbitrary<string> {
    const { ids = [] } = this.options;
    if (ids.length === 0 || !isIdField(path)) return text;
    return fc.oneof({ weight: 1, arbitrary: text }, { weight: 2, arbitrary: fc.constantFrom(...ids) });
  }
}

/** Values for `schema`: passing it (`valid`) or mostly not (`hostile`). */
export function arbitraryOf(
  schema: v.GenericSchema,
  mode: Mode,
  options: ArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const valid = new Converter(options).of(schema as unknown as SchemaNode, [], 0);
  return mode === 'valid' ? valid : hostileFrom(valid);
}
