import { PAGE_TIMEOUT_MS } from './support/session';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations, COLOUR_RULES } from './support/axe';
import { launchBrowser, signInAs, tenantUrl } from './support/browser';
import { focusedWithoutRing } from './support/focus';
import { palettesOf, wearPalette, type Palette } from './support/palettes';
import { signedInRoutes } from './support/screens';
import { walkTour } from './support/dialogTour';
import { adminSession, historyDashboard } from './support/tourPlaces';

/**
 * Walks the demo tenant's screens and the dialog tour as its admin (every grant, so every entry) in `worn`, its
 * light theme, and returns what axe finds serious or critical at each stop, by stop and palette. Every rule runs in
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

  await page.goto(tenantUrl('demo', '/login'));
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await scan('login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await scan('forgot password');
  await page.goto(tenantUrl('demo', '/recover-password?token=expired'));
  await page.getByText('Recovery token is invalid or expired').waitFor();
  await scan('recover password, link expired');
  await signInAs(page, 'admin', 'Admin123');
  for (const route of signedInRoutes()) {
    await page.goto(tenantUrl('demo', route.path));
    await route.shown(page).waitFor();
    await scan(route.name);
  }
  await walkTour(page, (stop) => scan(`dialog ${stop.name}`, stop.scope));

  // Screens no route reaches: a dashboard of charts, and a dashboard in edit mode.
  await historyDashboard.go(page, await adminSession());
  await scan('history dashboard');
  // Through the skip link, head bar, sidebar and widgets: each shows where the keyboard is.
  const ringless = await focusedWithoutRing(page, 30);
  if (ringless.length) found['Tab without a focus ring'] = ringless;
  await page.getByRole('button', { name: 'Edit dashboard' }).click();
  await page.getByRole('button', { name: 'Done', exact: true }).waitFor();
  await scan('dashboard in edit mode');
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
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
    return { context, page };
  };

  it(
    'every screen and dialog, in the demo tenant and in each palette of both tenants',
    // A long walk: every screen and dialog, scanned again in three more palettes.
    { timeout: 300_000 },
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
      await signInAs(page, 'admin', 'Admin123', 'acme');
      await signedInRoutes('acme')[0]!.shown(page).waitFor();
      found['favorite dashboard'] = await blockingViolations(page);
      expect(Object.fromEntries(Object.entries(found).filter(([, list]) => list.length))).toEqual({});
    } finally {
      await context.close();
    }
  });

  // axe reads no text in an image: the tenant's name in its login logo is checked here, against what is behind it.
  it.each(['dark', 'light'])(
    "the tenant's name in acme's login logo reads on its login card (%s)",
    async (mode) => {
      const { context, page } = await open(mode);
      try {
        await page.goto(tenantUrl('acme', '/login'));
        const logo = page.getByRole('img', { name: 'ACME Retail logo' });
        await logo.waitFor();
        const ratio = await logo.evaluate(async (image: HTMLImageElement) => {
          const svg = new DOMParser().parseFromString(await (await fetch(image.src)).text(), 'image/svg+xml');
          // The name is the logo's longest text.
          const [name] = Array.from(svg.querySelectorAll('text')).sort(
            (a, b) => (b.textContent?.length ?? 0) - (a.textContent?.length ?? 0),
          );
          const rgb = (colour: string) => {
            const probe = document.body.appendChild(document.createElement('i'));
            probe.style.color = colour;
            const [r, g, b, a = '1'] = getComputedStyle(probe).color.match(/[\d.]+/g)!;
            probe.remove();
            return { channels: [r, g, b].map(Number), alpha: Number(a) };
          };
          let behind = image.parentElement;
          while (behind && rgb(getComputedStyle(behind).backgroundColor).alpha === 0)
            behind = behind.parentElement;
          const luminance = (channels: number[]) => {
            const [r, g, b] = channels.map((c) => {
              const s = c / 255;
              return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
            }) as [number, number, number];
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const [text, ground] = [
            luminance(rgb(name!.getAttribute('fill')!).channels),
            luminance(rgb(getComputedStyle(behind!).backgroundColor).channels),
          ];
          return (Math.max(text, ground) + 0.05) / (Math.min(text, ground) + 0.05);
        });
        // WCAG 2.2 AA for text.
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      } finally {
        await context.close();
      }
    },
  );
});
