import { useId, type CSSProperties } from 'react';
import { THEME_SIZE_PX } from '#contracts';
import type { ThemeFont, ThemeSize } from '#contracts/themeSettings';
import { fontFamily, themeFontName, useThemeFont } from '../../fonts';
import { useT } from '../../i18n';
import { ThermometerIcon } from '../../icons/ThermometerIcon';

/**
 * The chosen font and size on a sample of the app before they are saved: a title, a sentence, and a dense line row
 * with its icon (SPEC §9: the row 2.25 times the font size, its icon 1.25 times). The sample sets its own
 * --theme-font-size, so the theme's size utilities inside it follow the chosen size, not the page's. Nothing inside
 * uses text-* sizes: those follow the page's root size.
 */
export function ThemePreview({ font, size }: { font: ThemeFont; size: ThemeSize }) {
  const t = useT();
  const headingId = useId();
  const loaded = useThemeFont(font);
  const px = `${THEME_SIZE_PX[size]}px`;
  const sample = { fontFamily: fontFamily(font), fontSize: px, '--theme-font-size': px } as CSSProperties;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3 id={headingId} className="text-sm font-medium">
        {t('themeSettings.preview')}
      </h3>
      <div style={sample} className="flex flex-col gap-2 rounded border border-line p-3">
        <p className="font-semibold">{t('themeSettings.preview.heading')}</p>
        <p>{t('themeSettings.preview.text')}</p>
        <div className="flex h-row-dense items-center gap-2 border-t border-line">
          <ThermometerIcon className="size-icon-dense shrink-0" />
          <span className="min-w-0 flex-1 truncate">{t('themeSettings.preview.line')}</span>
          <span className="tabular-nums">{t('themeSettings.preview.value', { value: 3.4 })}</span>
        </div>
      </div>
      {/* Only when the typeface is slow to arrive (appear-late): the sample shows the system font meanwhile. */}
      {loaded ? null : (
        <p role="status" className="appear-late text-sm text-muted">
          {t('themeSettings.preview.loading', { font: themeFontName(font) })}
        </p>
      )}
    </section>
  );
}
