import axe from 'axe-core';
import type { Page } from 'playwright-core';

const BLOCKING: readonly string[] = ['serious', 'critical'];

/** The axe rules whose outcome depends on the colours: the rest are checked once, in the palette worn. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe finds serious or critical on the page, or only inside `scope` (a CSS selector: an open dialog or menu,
 * so the screen beneath, scanned on its own, is not reported again), with every rule or only `rules`: one line per
 * rule with its impact, help text and the selectors of the elements that break it, ready for a failure message.
 *
 * axe-core runs in the page itself, put there once a document (the SPA has no frames). @axe-core/playwright, used
 * before, put its 500 kB in again for every scan and took 8 to 15 times as long (1,245 against 150 ms a full scan,
 * 596 against 39 ms a colour scan, on the login screen): the accessibility walk scans each stop four times.
 */
export async function blockingViolations(page: Page, scope?: string, rules?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    ({ scope, rules }) =>
      window.axe
        .run(scope ? { include: [[scope]] } : document, {
          // Only violations are gathered (axe skips collecting the passes: a faster scan).
          resultTypes: ['violations'],
          ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
        })
        .then((results) =>
          results.violations.map(({ id, impact, help, nodes }) => ({
            id,
            impact,
            help,
            targets: nodes.map((node) => node.target.join(' ')),
          })),
        ),
    { scope, rules },
  );
  return violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.targets.join(', ')}`,
    );
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
