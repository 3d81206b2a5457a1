/**
 * How names sort wherever a list shows them (device tree, dashboards, device configuration): as people read
 * them, so "Store 2" comes before "Store 10", and "freezer" sits with "Freezer". The collation follows the
 * runtime's language (the browser's, or the server's for the order it sends).
 */
let collator: Intl.Collator | undefined;

// Made on first use: building a collator loads the language's collation data, which the login screen never needs.
export const compareNames = (a: string, b: string): number =>
  (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(a, b);
