/** One field an audit entry changed, with its values as stored (undefined: the record had no such field). */
export interface ChangedField {
  /** The field's name; '' when the entry changed a single value. */
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry's before and after differ in, field by field: the fields of the after record whose value differs
 * (a record made has every field from nothing), those of a record removed to nothing, or the value itself. A
 * field the after record does not carry is not a change: a module records what it read before and what it
 * wrote after, not always the same fields (a line write: the line before, the value written and the answer).
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: '', before, after }];
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  return Object.keys(isRecord(after) ? is : was)
    .filter((field) => !same(was[field], is[field]))
    .map((field) => ({ field, before: was[field], after: is[field] }));
}
