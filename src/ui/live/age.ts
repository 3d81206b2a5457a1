import type { IntlShape } from '@formatjs/intl';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago `at` was, in the interface's language ("3 min. ago", "vor 3 Min."): the largest whole unit,
 * seconds under a minute. Computed from the report time the server pushed and the browser's clock.
 */
export function formatAge(
  intl: Pick<IntlShape<string>, 'formatRelativeTime'>,
  at: number,
  now: number,
): string {
  const ago = Math.max(0, now - at);
  for (const [unit, ms] of UNITS)
    if (ago >= ms) return intl.formatRelativeTime(-Math.floor(ago / ms), unit, { style: 'short' });
  return intl.formatRelativeTime(-Math.floor(ago / 1000), 'second', { style: 'short' });
}
