import { useEffect, useState } from 'react';
import type { ThemeFont } from '#contracts/themeSettings';

/** What the page falls back to while a typeface loads, and for a font key the list lacks. */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

interface Typeface {
  /** Its family name: the CSS family its stylesheets declare, and what the theme dialog shows (never translated). */
  name: string;
  /**
   * Its stylesheets from the registry's @fontsource package, one per weight the UI uses (400 text, 500 medium,
   * 600 semibold, 700 bold) that the typeface has; the browser takes the nearest for the others. Vite bundles each
   * stylesheet and its font files as assets of the app, fetched only when this is called, so the typefaces come
   * from our own server and nobody downloads the ones they do not use.
   */
  load: () => Promise<unknown>;
}

/** SPEC §3's thirteen theme fonts, each the real typeface. */
const TYPEFACES: Record<ThemeFont, Typeface> = {
  ROBOTO: {
    name: 'Roboto',
    load: () =>
      Promise.all([
        import('@fontsource/roboto/400.css'),
        import('@fontsource/roboto/500.css'),
        import('@fontsource/roboto/600.css'),
        import('@fontsource/roboto/700.css'),
      ]),
  },
  OPEN_SANS: {
    name: 'Open Sans',
    load: () =>
      Promise.all([
        import('@fontsource/open-sans/400.css'),
        import('@fontsource/open-sans/500.css'),
        import('@fontsource/open-sans/600.css'),
        import('@fontsource/open-sans/700.css'),
      ]),
  },
  LATO: {
    name: 'Lato',
    load: () => Promise.all([import('@fontsource/lato/400.css'), import('@fontsource/lato/700.css')]),
  },
  MONTSERRAT: {
    name: 'Montserrat',
    load: () =>
      Promise.all([
        import('@fontsource/montserrat/400.css'),
        import('@fontsource/montserrat/500.css'),
        import('@fontsource/montserrat/600.css'),
        import('@fontsource/montserrat/700.css'),
      ]),
  },
  OSWALD: {
    name: 'Oswald',
    load: () =>
      Promise.all([
        import('@fontsource/oswald/400.css'),
        import('@fontsource/oswald/500.css'),
        import('@fontsource/oswald/600.css'),
        import('@fontsource/oswald/700.css'),
      ]),
  },
  SOURCE_SANS_PRO: {
    name: 'Source Sans Pro',
    load: () =>
      Promise.all([
        import('@fontsource/source-sans-pro/400.css'),
        import('@fontsource/source-sans-pro/600.css'),
        import('@fontsource/source-sans-pro/700.css'),
      ]),
  },
  SLABO_27PX: { name: 'Slabo 27px', load: () => import('@fontsource/slabo-27px/400.css') },
  RALEWAY: {
    name: 'Raleway',
    load: () =>
      Promise.all([
        import('@fontsource/raleway/400.css'),
        import('@fontsource/raleway/500.css'),
        import('@fontsource/raleway/600.css'),
        import('@fontsource/raleway/700.css'),
      ]),
  },
  PT_SANS: {
    name: 'PT Sans',
    load: () => Promise.all([import('@fontsource/pt-sans/400.css'), import('@fontsource/pt-sans/700.css')]),
  },
  MERRIWEATHER: {
    name: 'Merriweather',
    load: () =>
      Promise.all([
        import('@fontsource/merriweather/400.css'),
        import('@fontsource/merriweather/500.css'),
        import('@fontsource/merriweather/600.css'),
        import('@fontsource/merriweather/700.css'),
      ]),
  },
  NUNITO_SANS: {
    name: 'Nunito Sans',
    load: () =>
      Promise.all([
        import('@fontsource/nunito-sans/400.css'),
        import('@fontsource/nunito-sans/500.css'),
        import('@fontsource/nunito-sans/600.css'),
        import('@fontsource/nunito-sans/700.css'),
      ]),
  },
  PROMPT: {
    name: 'Prompt',
    load: () =>
      Promise.all([
        import('@fontsource/prompt/400.css'),
        import('@fontsource/prompt/500.css'),
        import('@fontsource/prompt/600.css'),
        import('@fontsource/prompt/700.css'),
      ]),
  },
  WORK_SANS: {
    name: 'Work Sans',
    load: () =>
      Promise.all([
        import('@fontsource/work-sans/400.css'),
        import('@fontsource/work-sans/500.css'),
        import('@fontsource/work-sans/600.css'),
        import('@fontsource/work-sans/700.css'),
      ]),
  },
};

/** Own keys only: a key such as 'constructor' from the server or a stored session is no font. */
const isThemeFont = (font: string): font is ThemeFont => Object.hasOwn(TYPEFACES, font);

/** The typeface's name, as the theme dialog lists it. */
export const themeFontName = (font: ThemeFont): string => TYPEFACES[font].name;

/** The CSS family list of a theme font, falling back to the system stack while it loads or when it is unknown. */
export function fontFamily(themeFont: string): string {
  if (!isThemeFont(themeFont)) return SYSTEM_FONT_STACK;
  const { name } = TYPEFACES[themeFont];
  // Names that are not one plain word ("Open Sans", "Slabo 27px") must be quoted in CSS.
  return `${/^[A-Za-z]+$/.test(name) ? name : `"${name}"`}, ${SYSTEM_FONT_STACK}`;
}

const loads = new Map<ThemeFont, Promise<void>>();
const loaded = new Set<ThemeFont>();

/** Loads a typeface's stylesheets once; a failed load (offline) is forgotten, so choosing it again retries. */
export function loadThemeFont(font: ThemeFont): Promise<void> {
  let load = loads.get(font);
  if (!load) {
    load = TYPEFACES[font].load().then(() => void loaded.add(font));
    load.catch(() => loads.delete(font));
    loads.set(font, load);
  }
  return load;
}

/**
 * Loads `font` (a theme font key; anything else is the system font) and tells whether its stylesheets are in: from
 * then on the browser draws the text in it, swapping the fallback for it as its files arrive.
 */
export function useThemeFont(font: string): boolean {
  const [, setArrived] = useState<string | null>(null);
  useEffect(() => {
    if (!isThemeFont(font)) return;
    let current = true;
    loadThemeFont(font).then(
      () => current && setArrived(font),
      // The fallback stays: the page is readable in the system font, and choosing the font again retries.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [font]);
  return isThemeFont(font) && loaded.has(font);
}
