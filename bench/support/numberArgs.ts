import { parseArgs } from 'node:util';

/**
 * A bench script's numeric options: `--name value` for each key of `defaults`, each read as a number, the default
 * where not given. An unknown option is refused (parseArgs is strict).
 */
export function readNumberArgs<T extends Record<string, number>>(defaults: T): T {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [
        name,
        { type: 'string' as const, default: String(value) },
      ]),
    ),
  });
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, Number(value)])) as T;
}
