/** One field an audit entry changed, its values written for reading ('—' for none). */
export interface ChangedField {
  /** The field's name; '' when the entry changed a single value. */
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const written = (value: unknown): string =>
  value === undefined || value === null ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry's before and after differ in, field by field: the fields of two records that differ (a record
 * made or removed has every field from or to nothing), or the value itself. Equal values change nothing.
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  if (!isRecord(before) && !isRecord(after))
    return same(before, after) ? [] : [{ field: '', before: written(before), after: written(after) }];
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  return [...new Set([...Object.keys(was), ...Object.keys(is)])]
    .filter((field) => !same(was[field], is[field]))
    .map((field) => ({ field, before: written(was[field]), after: written(is[field]) }));
}
