// dom-accessibility-api ships its types where its package.json "exports" does not point: what the tests use of it.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(
    root: Element,
    options?: { computedStyleSupportsPseudoElements?: boolean },
  ): string;
  export function computeAccessibleDescription(root: Element): string;
}
