/**
 * Input PostgreSQL would refuse (a NUL character in text or JSON) or silently change (an unpaired UTF-16
 * surrogate becomes U+FFFD, an infinite number becomes null in JSON). Found before the contract runs, so the answer
 * is a 400 that names the field instead of a 500 from the database or a quietly altered value.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface UnstorableValue {
  /** Dot path of the field, as valibot names it ("widgets.0.name"); empty for the whole input. */
  path: string;
  message: string;
}

/** What is wrong with a text, as the object of "must not contain …". */
function problemOfText(text: string): string | null {
  if (text.includes('\u0000')) return 'NUL characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'unpaired surrogates (not valid Unicode text)';
  return null;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Deeper than any request of the API needs; a body nested more is refused before anything walks it. */
const MAX_DEPTH = 64;

/**
 * The first unstorable string, object key or number in `value`, or a nesting deeper than MAX_DEPTH. Walked with a
 * stack of its own: a body of thousands of nested arrays must not overflow the call stack.
 */
export function findUnstorable(value: unknown): UnstorableValue | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: item, path, depth } = pending.pop()!;
    if (typeof item === 'string') {
      const problem = problemOfText(item);
      if (problem) return { path, message: `must not contain ${problem}` };
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) return { path, message: 'must be a finite number' };
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_DEPTH) return { path, message: `is nested more than ${MAX_DEPTH} levels deep` };
      const entries = Array.isArray(item) ? item.map((v, i) => [i, v] as const) : Object.entries(item);
      // Pushed in reverse so the first field is looked at first, as a reader would.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (typeof key === 'string') {
          const keyProblem = problemOfText(key);
          if (keyProblem) return { path, message: `keys must not contain ${keyProblem}` };
        }
        pending.push({ value: child, path: join(path, key), depth: depth + 1 });
      }
    }
  }
  return null;
}
