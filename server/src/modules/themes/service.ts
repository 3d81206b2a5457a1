import type { Theme } from '#contracts';
import type { Tenant } from '../../db/schema';

/** Same-origin URLs: each tenant's host serves its own files, so the SPA never needs to know the tenant. */
export const THEME_ASSET_URLS = {
  loginLogo: '/api/themes/assets/login-logo.svg',
  sidebarLogo: '/api/themes/assets/sidebar-logo.svg',
  favicon: '/favicon.svg',
  manifest: '/manifest.webmanifest',
  maskableIcon: '/icons/maskable.svg',
} as const;

export function themeOf(tenant: Tenant): Theme {
  return {
    name: tenant.name,
    title: tenant.title,
    loginLogo: THEME_ASSET_URLS.loginLogo,
    sidebarLogo: THEME_ASSET_URLS.sidebarLogo,
    favicon: THEME_ASSET_URLS.favicon,
    manifest: { url: THEME_ASSET_URLS.manifest, theme_color: tenant.theme.themeColor },
    colors: tenant.theme.colors,
  };
}
