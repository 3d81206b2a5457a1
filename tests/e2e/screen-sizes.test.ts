import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './support/axe';
import { launchBrowser, signIn, tenantUrl, waitUntilSignedIn } from './support/browser';
import { signedInRoutes } from './support/screens';

const SIZES = [
  { name: 'phone', width: 360, height: 740, touch: true },
  { name: 'tablet', width: 768, height: 1024, touch: true },
  { name: 'desktop', width: 1920, height: 1080, touch: false },
] as const;
const MODES = ['light', 'dark'] as const;
const SHOTS = join('test-results', 'screens');

/**
 * The visible controls that a finger (44×44 px on a touch screen) or anyone (no size at all) could not hit, named
 * by their accessible label or text.
 */
const unreachableControls = (page: Page, touch: boolean) =>
  page.evaluate(
    (minimum) => {
      const controls = document.querySelectorAll<HTMLElement>(
        'button, a[href], input, select, [role="button"]',
      );
      return Array.from(controls).flatMap((control) => {
        const style = getComputedStyle(control);
        if (
          style.visibility === 'hidden' ||
          style.display === 'none' ||
          control.closest('[aria-hidden="true"]')
        )
          return [];
        const { width, height } = control.getBoundingClientRect();
        if (width === 0 && height === 0 && control.offsetParent === null) return []; // not rendered
        const small = control.matches('button, [role="button"]')
          ? width < minimum || height < minimum
          : height < minimum;
        if (width > 0 && height > 0 && !small) return [];
        // A control hidden until focused (the skip link) has no size by design.
        if (control.classList.contains('sr-only')) return [];
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
        return [`${name} (${Math.round(width)}×${Math.round(height)})`];
      });
    },
    touch ? 44 : 1,
  );

/** How far the document scrolls sideways: 0 when the screen fits its width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('every screen fits from a 360 px phone to a 1920 px desktop, in both themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => browser?.close());

  describe.each(MODES)('%s theme', (mode) => {
    it.each(SIZES)('$name ($width×$height): no sideways scroll, the navigation in reach', async (size) => {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
      });
      await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      try {
        await page.goto(tenantUrl('demo', '/login'));
        // The phone lays the screens out anew (the desktop's are scanned in accessibility.test.ts): axe scans them.
        const scanned = size.name === 'phone';
        expect(await sidewaysOverflow(page), 'login').toBeLessThanOrEqual(0);
        if (scanned) expect(await blockingViolations(page), 'login: axe').toEqual([]);
        await page.screenshot({ path: join(SHOTS, `login-${size.name}-${mode}.png`) });
        await signIn(page, 'operator', 'Operator123');
        await waitUntilSignedIn(page, 'operator');
        for (const route of signedInRoutes()) {
          await page.goto(tenantUrl('demo', route.path));
          await route.shown(page).waitFor();
          expect(await sidewaysOverflow(page), route.name).toBeLessThanOrEqual(0);
          expect(await unreachableControls(page, size.touch), `${route.name}: controls too small`).toEqual(
            [],
          );
          if (scanned) expect(await blockingViolations(page), `${route.name}: axe`).toEqual([]);
          await page.screenshot({
            path: join(SHOTS, `${route.name.replace(/ /g, '-')}-${size.name}-${mode}.png`),
          });
        }
        // Below 960 px the sidebar is a drawer behind the menu button; above, it stands beside the content.
        const narrow = size.width < 960;
        await page.goto(tenantUrl('demo', '/'));
        await page.getByRole('article').first().waitFor();
        expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(narrow);
        expect(await page.getByRole('tree', { name: 'Devices' }).isVisible()).toBe(!narrow);
        if (narrow) {
          await page.getByRole('button', { name: 'Open navigation' }).click();
          const drawer = page.getByRole('dialog', { name: 'Dashboards and devices' });
          await drawer.getByRole('tree', { name: 'Devices' }).waitFor();
          expect(await sidewaysOverflow(page), 'drawer').toBeLessThanOrEqual(0);
          if (scanned) expect(await blockingViolations(page, '[role="dialog"]'), 'drawer: axe').toEqual([]);
          await page.screenshot({ path: join(SHOTS, `drawer-${size.name}-${mode}.png`) });
        }
      } finally {
        await context.close();
      }
    });
  });
});
