import { useEffect } from 'react';
import { COLOR_KEYS } from '../services/contracts';
import {
  selectActiveColors,
  selectFavicon,
  selectRootFontPx,
  selectTenantTitle,
  selectThemeFont,
  selectThemeMode,
} from '../machines/app/app.selectors';
import { AppActor } from './appActor';
import { fontFamily } from './fonts';

/**
 * Puts the tenant theme on the document: colour variables the Tailwind tokens read (styles.css), the
 * dark/light mode, root font size and family, title and favicon. Renders nothing.
 */
export function DocumentTheme() {
  const colors = AppActor.useSelector(selectActiveColors);
  const mode = AppActor.useSelector(selectThemeMode);
  const fontPx = AppActor.useSelector(selectRootFontPx);
  const font = AppActor.useSelector(selectThemeFont);
  const title = AppActor.useSelector(selectTenantTitle);
  const favicon = AppActor.useSelector(selectFavicon);

  useEffect(() => {
    const root = document.documentElement;
    for (const key of COLOR_KEYS) {
      if (colors) root.style.setProperty(`--tenant-${key}`, colors[key]);
      else root.style.removeProperty(`--tenant-${key}`);
    }
  }, [colors]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.mode = mode;
    root.style.colorScheme = mode;
  }, [mode]);

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
