import * as v from 'valibot';

const hex = v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb'));

export const COLOR_KEYS = [
  'accent',
  'error',
  'info',
  'primary',
  'secondary',
  'success',
  'warning',
  'sidebar',
  'sidebar_secondary',
] as const;
export type ColorKey = (typeof COLOR_KEYS)[number];

export const ColorSet = v.object(
  Object.fromEntries(COLOR_KEYS.map((k) => [k, hex])) as Record<ColorKey, typeof hex>,
);
export type ColorSet = v.InferOutput<typeof ColorSet>;

/** The tenant theme of GET /api/themes. Logos, favicon and manifest are URLs served per tenant. */
export const Theme = v.object({
  name: v.string(),
  title: v.string(),
  loginLogo: v.string(),
  sidebarLogo: v.string(),
  favicon: v.string(),
  manifest: v.object({ url: v.string(), theme_color: hex }),
  colors: v.object({ dark: ColorSet, light: ColorSet }),
});
export type Theme = v.InferOutput<typeof Theme>;

export const THEME_MODES = ['dark', 'light'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
