import { useEffect } from 'react';
import {
  selectActiveColors,
  selectFavicon,
  selectRootFontPx,
  selectTenantTitle,
  selectThemeFont,
  selectThemeMode,
} from '../machines/app/app.selectors';
import { AppActor } from './appActor';
import { fontFamily, useThemeFont } from './fonts';
import { readableColours, SURFACE_PROPERTIES, TENANT_PROPERTIES } from './readableColours';

/**
 * Puts the tenant theme on the document: colour variables the Tailwind tokens read (styles.css), the
 * dark/light mode, root font size and family (loading the account's typeface), title and favicon. Renders nothing.
 */
export function DocumentTheme() {
  const colors = AppActor.useSelector(selectActiveColors);
  const mode = AppActor.useSelector(selectThemeMode);
  const fontPx = AppActor.useSelector(selectRootFontPx);
  const font = AppActor.useSelector(selectThemeFont);
  const title = AppActor.useSelector(selectTenantTitle);
  const favicon = AppActor.useSelector(selectFavicon);
  // The family is set at once: the system stack shows until the typeface's files arrive (font-display: swap).
  useThemeFont(font);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.mode = mode;
    root.style.colorScheme = mode;
  }, [mode]);

  // After the mode: the colours are made readable on the surfaces of the mode just set.
  useEffect(() => {
    const root = document.documentElement;
    const style = getComputedStyle(root);
    const surfaces = SURFACE_PROPERTIES.map((name) => style.getPropertyValue(name).trim());
    const properties = colors ? readableColours(colors, surfaces) : {};
    for (const name of TENANT_PROPERTIES) {
      const value = properties[name];
      if (value) root.style.setProperty(name, value);
      else root.style.removeProperty(name);
    }
  }, [colors, mode]);

  useEffect(() => {
    document.documentElement.style.fontSize = `${fontPx}px`;
    document.documentElement.style.setProperty('--app-font', fontFamily(font));
  }, [fontPx, font]);

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && favicon) link.href = favicon;
  }, [favicon]);

  return null;
}
