import type { Tenant } from '../../db/schema';
import { THEME_ASSET_URLS } from './service';

/**
 * The installable app of a tenant: its name, the theme's colours and its icons. Icons are SVG (sizes "any"), which
 * Chromium installs from; the maskable one pads the favicon into the safe zone on the tenant's background.
 */
export function manifestOf(tenant: Tenant) {
  return {
    id: '/',
    name: tenant.title,
    short_name: tenant.title,
    description: `${tenant.title}: refrigeration monitoring`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: tenant.theme.themeColor,
    background_color: tenant.theme.backgroundColor,
    icons: [
      { src: THEME_ASSET_URLS.favicon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: THEME_ASSET_URLS.maskableIcon, sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

/** Maskable icons are cropped to a circle of 80% of the side: the favicon sits in the middle 60% of it. */
export function maskableIconOf(tenant: Tenant): string {
  const favicon = Buffer.from(tenant.theme.faviconSvg).toString('base64');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    `<rect width="512" height="512" fill="${tenant.theme.backgroundColor}"/>`,
    `<image x="102" y="102" width="308" height="308" href="data:image/svg+xml;base64,${favicon}"/>`,
    '</svg>',
  ].join('');
}
