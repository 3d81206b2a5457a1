import { within, type ByRoleMatcher } from '@testing-library/react';
import { computeAccessibleName } from 'dom-accessibility-api';

/**
 * The elements of `role` in `container` that assistive technology reaches, by accessible name: read once for an
 * assertion that checks several of them, where each `getByRole(role, { name })` would name every element of the
 * role again (in jsdom, naming an element is what a role query spends its time on). `get(name)` finds exactly
 * one, as `getByRole` does with a string name.
 */
export function namedRoles<T extends HTMLElement = HTMLElement>(container: HTMLElement, role: ByRoleMatcher) {
  const byName = new Map<string, T[]>();
  for (const element of within(container).queryAllByRole<T>(role)) {
    const name = computeAccessibleName(element);
    byName.set(name, [...(byName.get(name) ?? []), element]);
  }
  return (name: string): T => {
    const found = byName.get(name) ?? [];
    if (found.length === 1) return found[0]!;
    const named = [...byName.keys()].map((each) => JSON.stringify(each)).join(', ');
    throw new Error(
      `${found.length} elements of role ${String(role)} named "${name}", not one (named: ${named})`,
    );
  };
}
