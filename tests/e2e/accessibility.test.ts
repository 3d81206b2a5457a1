import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from './support/axe';
import { launchBrowser, signIn, tenantUrl, waitUntilSignedIn } from './support/browser';
import { focusedWithoutRing } from './support/focus';
import { palettesOf, wearPalette, type Palette } from './support/palettes';
import { signedInRoutes } from './support/screens';

/** The axe rules whose outcome depends on the colours: the rest are checked once, in the palette worn. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Walks the demo tenant's screens and dialogs as its admin (every grant, so every entry) in `worn`, its light
 * theme, and returns what axe finds serious or critical at each stop, by stop and palette. Every rule runs in
 * the palette worn; the colour rules run again in each of `others`, put on the page in place. A dialog or menu is
 * scanned on its own: the screen beneath was already.
 */
async function walk(page: Page, worn: Palette, others: readonly Palette[]) {
  const found: Record<string, string[]> = {};
  const record = (stop: string, palette: Palette, violations: string[]) => {
    if (violations.length) found[`${stop} (${palette.tenant}, ${palette.mode})`] = violations;
  };
  const scan = async (stop: string, scope?: string) => {
    record(stop, worn, await blockingViolations(page, scope));
    for (const palette of others) {
      await wearPalette(page, palette);
      record(stop, palette, await blockingViolations(page, scope, COLOUR_RULES));
    }
    await wearPalette(page, worn);
  };
  /**
   * Opens the dialog `title` (a name or pattern) with `open`, scans the open dialogs and, unless `keep`, closes it
   * with Escape as a keyboard user would.
   */
  const scanDialog = async (title: string | RegExp, open: () => Promise<void>, keep = false) => {
    const dialog = page.getByRole('dialog', { name: title });
    await open();
    // The dialog element itself has no box (its backdrop and panel are fixed): its title shows it is open.
    await dialog.getByRole('heading').first().waitFor();
    await scan(`dialog ${title}`, '[role="dialog"]');
    if (keep) return;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  };
  const fromAccountMenu = async (entry: string) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: entry }).click();
  };

  await page.goto(tenantUrl('demo', '/login'));
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await scan('login');
  await signIn(page, 'admin', 'Admin123');
  await waitUntilSignedIn(page, 'admin');
  const [, devicePage] = signedInRoutes();
  for (const route of signedInRoutes()) {
    await page.goto(tenantUrl('demo', route.path));
    await route.shown(page).waitFor();
    await scan(route.name);
  }

  await page.goto(tenantUrl('demo', devicePage!.path));
  const lines = page.getByRole('list', { name: 'Lines' });
  await scanDialog('Line details', () => lines.getByRole('button').first().click());

  await page.getByRole('link', { name: 'Last weeks' }).click();
  const chart = page.getByRole('article').first();
  await chart.getByRole('img').waitFor();
  await scan('history dashboard');
  // Through the skip link, head bar, sidebar and widgets: each shows where the keyboard is.
  const ringless = await focusedWithoutRing(page, 30);
  if (ringless.length) found['Tab without a focus ring'] = ringless;
  await page.getByRole('button', { name: 'Account menu' }).click();
  await scan('account menu', '[role="menu"]');
  await page.keyboard.press('Escape');
  for (const [entry, title] of [
    ['Create dashboard', 'Create dashboard'],
    ['Upload dashboard', 'Upload dashboard'],
    ['Dashboard sorting settings', 'Dashboard sorting'],
    ['Dashboard groups', 'Create dashboards group'],
    ['Device configuration', 'Device configuration'],
  ] as const)
    await scanDialog(title, () => fromAccountMenu(entry));
  await page.getByRole('button', { name: /^Alarms, \d+ active$/ }).click();
  await scan('alarms menu', '[aria-label="Alarms"]');
  await scanDialog('Alarm history', () => page.getByRole('button', { name: 'Alarm history' }).click());

  await scanDialog(/^Range shown by/, () => chart.getByRole('button', { name: /^Range shown by/ }).click());
  await scanDialog(
    /^Annotations of/,
    () => chart.getByRole('button', { name: /^Annotations of/ }).click(),
    true,
  );
  await scanDialog(
    'New annotation',
    () => page.getByRole('button', { name: 'Add annotation' }).click(),
    true,
  );
  await scanDialog('Colour', () => page.getByRole('button', { name: /^Colour/ }).click());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  await scan('dashboard in edit mode');
  await scanDialog('Rename dashboard', () => page.getByRole('button', { name: 'Rename dashboard' }).click());
  await scanDialog('Delete dashboard', () => page.getByRole('button', { name: 'Delete dashboard' }).click());
  await scanDialog('Add widget', () => page.getByRole('button', { name: 'Add widget' }).click(), true);
  await page.getByRole('button', { name: 'Widget type', exact: true }).click();
  await page.getByRole('option', { name: 'Lines' }).click();
  await scanDialog('Widget element', () => page.getByRole('button', { name: 'Edit element 1' }).click());
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Delete widget/ })
    .first()
    .click();
  await scanDialog('Unsaved changes', () => page.getByRole('button', { name: 'Done' }).click(), true);
  await page.getByRole('button', { name: 'Discard' }).click();
  return found;
}

describe('axe finds nothing serious or critical on any screen or dialog, in both tenants and both themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  const open = async (mode: string) => {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  };

  it(
    'every screen and dialog, in the demo tenant and in each palette of both tenants',
    { timeout: 120_000 },
    async () => {
      const [worn, ...others] = await palettesOf(['demo', 'acme']);
      const { context, page } = await open(worn!.mode);
      try {
        expect(await walk(page, worn!, others)).toEqual({});
      } finally {
        await context.close();
      }
    },
  );

  // The walk puts the other palettes on by hand: here the product puts the acme tenant's dark one on by itself.
  it('the acme tenant in its dark theme, as the product dresses it', async () => {
    const { context, page } = await open('dark');
    const found: Record<string, string[]> = {};
    try {
      await page.goto(tenantUrl('acme', '/login'));
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      found.login = await blockingViolations(page);
      await signIn(page, 'admin', 'Admin123', 'acme');
      await waitUntilSignedIn(page, 'admin');
      await signedInRoutes('acme')[0]!.shown(page).waitFor();
      found['favorite dashboard'] = await blockingViolations(page);
      expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length))).toEqual({});
    } finally {
      await context.close();
    }
  });
});
