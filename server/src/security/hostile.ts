/**
 * What an attacker sends instead of what a contract asks for: a valid value with one thing made odd (a field
 * replaced, removed, added or tainted), wholly odd values, and raw JSON and query texts no contract ever sees as
 * values. Each odd value is here because it has broken servers before (see the comments).
 */
import fc from 'fast-check';

/** Keys and texts that reach object prototypes when code indexes objects with request data. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const nested = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

/** An object with an own `key` property, even for __proto__ (a literal would set the prototype instead). */
function withOwnKey(target: object, key: string, value: unknown): object {
  return Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Letters and digits from a fixed pseudo-random sequence: the same every run, and nothing for a compressor. */
function incompressible(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let seed = 0x2f6b_1c3d;
  return Array.from({ length }, () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return letters[(seed >>> 16) % letters.length];
  }).join('');
}

const ODD_TEXTS = [
  ...PROTOTYPE_KEYS,
  // PostgreSQL refuses NUL in text and JSON; unpaired surrogates become U+FFFD or an encoding error.
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\ud83d',
  // Invisible and direction-changing characters, whitespace only (trimmed to empty), the empty text.
  '\u202e\ufeff',
  ' \t\n ',
  '',
  // Texts that look like other types or like syntax of other languages.
  'null',
  'NaN',
  '-0',
  '1e400',
  '0x10',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  // Long texts: past every maximum length; the random one past what an index entry holds even compressed
  // (PostgreSQL refuses index rows over 2704 bytes); the last past the 1 MB body limit.
  'x'.repeat(10_000),
  incompressible(5_000),
  '日'.repeat(100_000),
  'y'.repeat(1_100_000),
];

const ODD_NUMBERS = [
  // Past PostgreSQL's integer (int4), past the exact doubles (2^53), past bigint.
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53) - 2,
  2 ** 64,
  -0,
  0.5,
  -1,
  1e308,
  -1e308,
  5e-324,
  Infinity,
];

const ODD_VALUES: unknown[] = [
  ...ODD_TEXTS,
  ...ODD_NUMBERS,
  true,
  false,
  null,
  {},
  [],
  [null],
  { a: {} },
  nested(200, 1, (inner) => [inner]),
  nested(200, 1, (inner) => ({ a: inner })),
  withOwnKey({}, '__proto__', { polluted: true }),
  { constructor: { prototype: { polluted: true } } },
];

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_VALUES) },
  // Any UTF-16 code units, unpaired surrogates and control characters included.
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

type Mutation = 'replace' | 'remove' | 'add' | 'taint';
type Container = Record<string | number, unknown>;

/** Every path in a JSON value, the root ([]) first. */
function pathsOf(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [path];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [path, ...keys.flatMap((key) => pathsOf((value as Container)[key], [...path, key]))];
}

/** `value` with the thing at its `at`-th path changed by `how` (a copy; `value` stays as generated). */
function mutate(value: unknown, at: number, how: Mutation, odd: unknown, key: string): unknown {
  const paths = pathsOf(value);
  const path = paths[at % paths.length]!;
  const root: Container = { root: structuredClone(value) };
  const fullPath = ['root', ...path];
  const parent = fullPath.slice(0, -1).reduce<Container>((node, segment) => node[segment] as Container, root);
  const last = fullPath.at(-1)!;
  const target = parent[last];
  if (how === 'remove' && path.length > 0) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (how === 'add' && Array.isArray(target)) {
    target.push(odd);
  } else if (how === 'add' && typeof target === 'object' && target !== null) {
    withOwnKey(target, key, odd);
  } else if (how === 'taint' && typeof target === 'string') {
    parent[last] = `${target}${typeof odd === 'string' ? odd : '\u0000'}`;
  } else {
    parent[last] = odd;
  }
  return root.root;
}

/** Mostly valid values with one thing made odd, sometimes a wholly odd value. */
export function hostileFrom(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const mutation = fc
    .tuple(
      valid,
      fc.nat(),
      fc.constantFrom<Mutation>('replace', 'remove', 'add', 'taint'),
      oddValue,
      fc.constantFrom(...PROTOTYPE_KEYS, 'unexpected'),
    )
    .map(([value, at, how, odd, key]) => mutate(value, at, how, odd, key));
  return fc.oneof({ weight: 5, arbitrary: mutation }, { weight: 1, arbitrary: oddValue });
}

/** Numbers JSON.stringify cannot write, by the text that stands for them until it is done. */
const UNWRITABLE: [number, string, string][] = [
  [-0, '#negative-zero#', '-0'],
  [Infinity, '#infinity#', '1e400'],
  [-Infinity, '#-infinity#', '-1e400'],
];

/** JSON text of a value, keeping what JSON.stringify loses: -0 stays -0, ±Infinity becomes ±1e400. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => {
    const unwritable = UNWRITABLE.find(([number]) => Object.is(item, number));
    return unwritable ? unwritable[1] : item;
  });
  return UNWRITABLE.reduce((json, [, stand, raw]) => json.replaceAll(`"${stand}"`, raw), text ?? 'null');
}
