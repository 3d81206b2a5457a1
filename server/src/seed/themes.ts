import type { ColorSet } from '#contracts';
import type { StoredTheme } from '../db/schema';

interface Brand {
  title: string;
  /** Short mark drawn in the favicon and beside the name. */
  initials: string;
  accent: string;
  ink: string;
  colors: { dark: ColorSet; light: ColorSet };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function logo(brand: Brand, width: number, height: number, textColor: string): string {
  const mark = height - 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
    ` role="img" aria-label="${escapeXml(brand.title)}">`,
    `<rect x="4" y="4" width="${mark}" height="${mark}" rx="${mark / 4}" fill="${brand.accent}"/>`,
    `<text x="${4 + mark / 2}" y="${height / 2}" dominant-baseline="central" text-anchor="middle"`,
    ` font-family="sans-serif" font-weight="700" font-size="${mark / 2}" fill="${brand.ink}">`,
    `${escapeXml(brand.initials)}</text>`,
    `<text x="${mark + 14}" y="${height / 2}" dominant-baseline="central" font-family="sans-serif"`,
    ` font-weight="600" font-size="${height / 3}" fill="${textColor}">${escapeXml(brand.title)}</text>`,
    '</svg>',
  ].join('');
}

function favicon(brand: Brand): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<rect width="64" height="64" rx="14" fill="${brand.accent}"/>`,
    '<text x="32" y="32" dominant-baseline="central" text-anchor="middle" font-family="sans-serif"',
    ` font-weight="700" font-size="30" fill="${brand.ink}">${escapeXml(brand.initials)}</text>`,
    '</svg>',
  ].join('');
}

function themeOf(brand: Brand): StoredTheme {
  return {
    colors: brand.colors,
    themeColor: brand.colors.light.primary,
    backgroundColor: brand.colors.dark.sidebar,
    // The login logo sits on a light plate of the login card (GuestCard.tsx), the sidebar logo on the sidebar
    // colour: each gets a text colour that reads there.
    loginLogoSvg: logo(brand, 320, 72, brand.colors.light.primary),
    sidebarLogoSvg: logo(brand, 240, 48, '#ffffff'),
    faviconSvg: favicon(brand),
  };
}

/** Cool blues and teals: the product's own look. */
export const coldwatchTheme = themeOf({
  title: 'Coldwatch Demo',
  initials: 'CW',
  accent: '#38bdf8',
  ink: '#0b1f33',
  colors: {
    dark: {
      accent: '#38bdf8',
      error: '#f87171',
      info: '#60a5fa',
      primary: '#3b82f6',
      secondary: '#64748b',
      success: '#34d399',
      warning: '#fbbf24',
      sidebar: '#0f172a',
      sidebar_secondary: '#1e293b',
    },
    light: {
      accent: '#0284c7',
      error: '#dc2626',
      info: '#2563eb',
      primary: '#1d4ed8',
      secondary: '#475569',
      success: '#059669',
      warning: '#d97706',
      sidebar: '#0c4a6e',
      sidebar_secondary: '#075985',
    },
  },
});

/** Warm oranges and reds, so a glance tells the two demo tenants apart. */
export const acmeTheme = themeOf({
  title: 'ACME Retail',
  initials: 'A',
  accent: '#f97316',
  ink: '#ffffff',
  colors: {
    dark: {
      accent: '#fb923c',
      error: '#f43f5e',
      info: '#38bdf8',
      primary: '#f97316',
      secondary: '#a8a29e',
      success: '#4ade80',
      warning: '#facc15',
      sidebar: '#1c1917',
      sidebar_secondary: '#292524',
    },
    light: {
      accent: '#ea580c',
      error: '#be123c',
      info: '#0369a1',
      primary: '#c2410c',
      secondary: '#57534e',
      success: '#15803d',
      warning: '#a16207',
      sidebar: '#7c2d12',
      sidebar_secondary: '#9a3412',
    },
  },
});
