/**
 * Request texts no contract ever sees as values: bodies the JSON parser must refuse or hand over as odd top-level
 * values, and query strings whose decoding (repeated keys, brackets, broken percent escapes) surprises parsers.
 */
const json = (text: string) => ({ contentType: 'application/json', text });
const nested = (depth: number, open: string, leaf: string, close: string) =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

export const RAW_BODIES: readonly { contentType: string; text: string }[] = [
  // Top-level values other than the object or array a contract wants.
  json('"\\u0000"'),
  json('"\\ud800"'),
  json('[]'),
  json('null'),
  json('0'),
  json('-0'),
  json('1e400'),
  json('true'),
  json('""'),
  json('{}'),
  json('{"\\u0000":1}'),
  // Prototype pollution through the parser.
  json('{"__proto__":{"polluted":true}}'),
  json('{"constructor":{"prototype":{"polluted":true}}}'),
  // Deep nesting: recursion in the parser, the storable check or the contract.
  json(nested(200, '[', '', ']')),
  json(nested(200, '{"a":', '1', '}')),
  json(nested(50_000, '[', '', ']')),
  // Broken JSON and other media types.
  json(''),
  json('{'),
  json('{"a":1,}'),
  json("{'a':1}"),
  json('\ufeff{}'),
  { contentType: 'application/json; charset=utf-16', text: '{}' },
  { contentType: 'text/plain', text: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&a=2' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x--' },
];

/** Query strings for a route whose query (or socket) reads `keys`. */
export function rawQueries(keys: readonly string[]): string[] {
  const perKey = keys.flatMap((key) => [
    `${key}[]=1&${key}=2`,
    `${key}=1&${key}=2`,
    `${key}=%00`,
    `${key}=%ED%A0%80`,
    `${key}=%E0%A4%A`,
    `${key}[__proto__]=1`,
    `${key}=${'9'.repeat(400)}`,
    key,
  ]);
  return [
    '=',
    '&&&==&',
    '%',
    '__proto__=1',
    '__proto__[polluted]=1',
    'constructor=x&toString=1&hasOwnProperty=1&valueOf=1',
    `a=${'x'.repeat(20_000)}`,
    ...perKey,
  ];
}
