import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const BLOCKING: readonly string[] = ['serious', 'critical'];

/** The axe rules whose outcome depends on the colours: the rest are checked once, in the palette worn. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What axe finds serious or critical on the page, or only inside `scope` (a CSS selector: an open dialog or menu,
 * so the screen beneath, scanned on its own, is not reported again), with every rule or only `rules`: one line per
 * rule with its impact, help text and the selectors of the elements that break it, ready for a failure message.
 */
export async function blockingViolations(page: Page, scope?: string, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself instead of opening a page to merge frames in: the SPA has no frames.
  const builder = new AxeBuilder({ page }).setLegacyMode();
  if (scope) builder.include(scope);
  // Only violations are gathered (axe skips collecting the passes: a faster scan).
  builder.options({
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  });
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => BLOCKING.includes(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ` +
        violation.nodes.map((node) => node.target.join(' ')).join(', '),
    );
}
