/**
 * How names sort wherever a list shows them (device tree, dashboards, device configuration): as people read
 * them, so "Store 2" comes before "Store 10", and "freezer" sits with "Freezer". The collation follows the
 * runtime's language (the browser's, or the server's for the order it sends).
 */
let collator: Intl.Collator | undefined;

// Made on first use: building a collator loads the language's collation data, which the login screen never needs.
export const compareNames = (a: string, b: string): number =>
  (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(a, b);

const collators = new Map<string, Intl.Collator>();

/** compareNames in the collation of `locale` (the user's language, whatever the browser's). */
export function compareNamesIn(locale: string): (a: string, b: string) => number {
  let byLocale = collators.get(locale);
  if (!byLocale) {
    byLocale = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    collators.set(locale, byLocale);
  }
  return byLocale.compare;
}
