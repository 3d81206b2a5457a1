import type { StateValue } from 'xstate';

/**
 * How path tests name states, events and paths: shared by the jsdom view paths and the Chromium server paths,
 * so it imports nothing of React or the DOM.
 */

/** The atomic states a state value is in, as dotted paths: { a: 'b' } → ['a.b']. */
export function leafStates(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : leafStates(child).map((leaf) => `${key}.${leaf}`),
  );
}

/** An event as a test name shows it: its type, and its payload in short (`login.edit username "operator"`). */
export function describeEvent(event: { type: string }): string {
  const { type, ...payload } = event as { type: string } & Record<string, unknown>;
  const name = type
    .replace(/^xstate\.(done|error)\.actor\./, '$1 ')
    .replace(/^xstate\.after\.([^.]+)\..*/, 'after $1');
  const result = (payload.output ?? payload.error) as { kind?: unknown } | string | undefined;
  const values =
    result === undefined
      ? Object.values(payload)
      : [typeof result === 'object' && result !== null && 'kind' in result ? result.kind : result];
  const detail = values.map((value) => (typeof value === 'string' ? JSON.stringify(value) : '')).join(' ');
  return detail.trim() ? `${name} ${detail.trim()}` : name;
}

export const describePath = (path: { steps: { event: { type: string } }[] }) =>
  path.steps
    .slice(1)
    .map((step) => describeEvent(step.event))
    .join(' → ') || '(initial)';
