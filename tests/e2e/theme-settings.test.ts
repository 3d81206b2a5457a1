import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInAs, waitUntilSignedIn } from './support/browser';
import { PAGE_TIMEOUT_MS, useBrowserPage } from './support/session';

/** Picks a font and a size in the theme dialog of the account menu and saves them. */
async function saveTheme(page: Page, font: string, size: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Theme settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Theme settings' });
  await dialog.getByRole('button', { name: 'Font' }).click();
  await page.getByRole('option', { name: font }).click();
  await dialog.getByRole('radio', { name: size }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** What the page is drawn in: the text's font family and the root font size (SPEC §9: Large is 18 px). */
const worn = (page: Page) =>
  page.evaluate(() => ({
    family: getComputedStyle(document.body).fontFamily,
    rootSize: getComputedStyle(document.documentElement).fontSize,
  }));

/** Waits until the page is drawn in the saved theme: the dialog closes before the app has put it on the page. */
async function wears(page: Page, family: RegExp, rootSize: string): Promise<void> {
  await expect.poll(async () => (await worn(page)).family, { timeout: PAGE_TIMEOUT_MS }).toMatch(family);
  expect((await worn(page)).rootSize).toBe(rootSize);
}

/**
 * The typeface itself is in the page, not a look-alike from the system: one of its faces is loaded, and the page
 * can draw 16 px text in it without waiting.
 */
const typefaceLoaded = (page: Page, family: string) =>
  page.waitForFunction((name) => {
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, '') === name && face.status === 'loaded') loaded = true;
    });
    return loaded && document.fonts.check(`16px ${name}`);
  }, family);

describe('theme settings', () => {
  const page = useBrowserPage();

  it('puts the chosen font and size on the whole app at once, keeps them, and fetches only that typeface from us', async () => {
    const requested: URL[] = [];
    page().on('request', (request) => requested.push(new URL(request.url())));
    await signInAs(page(), 'operator', 'Operator123');
    const origin = new URL(page().url()).origin;
    const fontFiles = () =>
      requested.filter((url) => /\.woff2?$/.test(url.pathname)).map((url) => url.pathname.split('/').at(-1)!);
    expect(
      fontFiles().some((file) => file.startsWith('merriweather-')),
      'Merriweather before it is chosen',
    ).toBe(false);

    await saveTheme(page(), 'Merriweather', 'Large (18 px)');
    await wears(page(), /^Merriweather,/, '18px');
    await typefaceLoaded(page(), 'Merriweather');
    // Loaded only when chosen: the default Roboto and Merriweather, none of the other eleven.
    expect(fontFiles().filter((file) => !/^(roboto|merriweather)-/.test(file))).toEqual([]);

    await page().reload();
    await waitUntilSignedIn(page(), 'operator');
    await wears(page(), /^Merriweather,/, '18px');
    await typefaceLoaded(page(), 'Merriweather');

    // Every typeface came with the app: no request left our server.
    expect(requested.filter((url) => url.origin !== origin && url.protocol !== 'data:')).toEqual([]);

    // Back to SPEC §9's defaults for whoever signs in as operator next.
    await saveTheme(page(), 'Roboto', 'Normal (16 px)');
    await wears(page(), /^Roboto,/, '16px');
  });
});
