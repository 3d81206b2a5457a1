/**
 * Dates as the signed-in user of the view tests writes them: the default format (DD-MM-YYYY HH:mm) on this
 * machine's clock, which is the app's time zone (the browser's). Written out by hand, apart from the product's
 * formatting, so a test sees what the user reads.
 */
const two = (n: number) => String(n).padStart(2, '0');

/** A calendar day ("2026-01-14") as "14-01-2026". */
export const dayAsUserWrites = (date: string) => date.split('-').reverse().join('-');

/** An instant as "14-01-2026 10:00" on this machine's clock. */
export function instantAsUserWrites(iso: string) {
  const at = new Date(iso);
  return `${two(at.getDate())}-${two(at.getMonth() + 1)}-${at.getFullYear()} ${two(at.getHours())}:${two(at.getMinutes())}`;
}
