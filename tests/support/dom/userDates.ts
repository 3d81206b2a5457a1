/**
 * Dates as the signed-in user of the view and end-to-end tests writes them: the default format (DD-MM-YYYY HH:mm) on this
 * machine's clock, which is the app's time zone (the browser's). Written out by hand, apart from the product's
 * formatting, so a test sees what the user reads.
 */

/** A calendar day ("2026-01-14") as "14-01-2026". */
export const dayAsUserWrites = (date: string) => date.split('-').reverse().join('-');

/** An instant as "14-01-2026 10:00" on this machine's clock (self-contained: a page may evaluate it too). */
export function instantAsUserWrites(iso: string) {
  const two = (n: number) => String(n).padStart(2, '0');
  const at = new Date(iso);
  return `${two(at.getDate())}-${two(at.getMonth() + 1)}-${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
