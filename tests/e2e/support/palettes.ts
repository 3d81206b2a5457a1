import type { Page } from 'playwright-core';
import type { ColorSet, Theme, ThemeMode } from '#contracts';
import { readableColours, SURFACE_PROPERTIES } from '../../../src/ui/readableColours';
import { apiRequest } from './api';

/** A tenant's colours in one mode. */
export interface Palette {
  tenant: string;
  mode: ThemeMode;
  colors: ColorSet;
}

/** Both modes' colour sets of each tenant, as GET /api/themes serves them. */
export async function palettesOf(tenants: readonly string[]): Promise<Palette[]> {
  const themes = await Promise.all(
    tenants.map(async (tenant) => {
      const answer = await apiRequest(tenant, '/api/themes');
      return { tenant, theme: JSON.parse(answer.body) as Theme };
    }),
  );
  return themes.flatMap(({ tenant, theme }) =>
    (['light', 'dark'] as const).map((mode) => ({ tenant, mode, colors: theme.colors[mode] })),
  );
}

/**
 * Dresses the open page in `palette` as DocumentTheme dresses it for that tenant and mode (the mode's surfaces,
 * then the tenant's colours made readable on them), so one walk through the screens checks every palette's
 * contrast without walking again per tenant and mode.
 */
export async function wearPalette(page: Page, palette: Palette): Promise<void> {
  const surfaces = await page.evaluate(
    ({ mode, names }) => {
      const root = document.documentElement;
      // Controls fade between colours (Tailwind's transition): axe must see the new colours at once.
      if (!document.getElementById('palette-at-once')) {
        const sheet = document.head.appendChild(document.createElement('style'));
        sheet.id = 'palette-at-once';
        sheet.textContent = '* { transition: none !important; }';
      }
      root.dataset.mode = mode;
      root.style.colorScheme = mode;
      const style = getComputedStyle(root);
      return names.map((name) => style.getPropertyValue(name).trim());
    },
    { mode: palette.mode, names: [...SURFACE_PROPERTIES] },
  );
  await page.evaluate(
    (properties) => {
      for (const [name, value] of Object.entries(properties))
        document.documentElement.style.setProperty(name, value);
    },
    readableColours(palette.colors, surfaces),
  );
}
