import type { Locator, Page } from 'playwright-core';

/**
 * The controls that `presses` presses of Tab reach without a visible focus ring (an outline: styles.css puts one
 * on every :focus-visible element), each named by its label or text.
 */
export async function focusedWithoutRing(page: Page, presses: number): Promise<string[]> {
  const missing = new Set<string>();
  for (let press = 0; press < presses; press++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      const { outlineStyle, outlineWidth } = getComputedStyle(element);
      const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
      return { ring: outlineStyle !== 'none' && parseFloat(outlineWidth) > 0, name: name || element.tagName };
    });
    if (focused && !focused.ring) missing.add(focused.name);
  }
  return [...missing];
}

/** Waits until the keyboard's focus is on the element `locator` finds or, `within`, inside it. */
export async function waitForFocus(locator: Locator, within = false): Promise<void> {
  const element = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction(
      ([target, inside]) =>
        inside ? target?.contains(document.activeElement) : document.activeElement === target,
      [element, within] as const,
    );
}
