import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { THEME_FONTS } from '#contracts';
import { fontFamily, loadThemeFont, SYSTEM_FONT_STACK, themeFontName } from '../../src/ui/fonts';

const require = createRequire(import.meta.url);

describe('the theme fonts', () => {
  it.each(THEME_FONTS)(
    '%s is the real typeface of its registry package, named as it declares',
    async (font) => {
      const name = themeFontName(font);
      const stylesheet = require.resolve(`@fontsource/${name.toLowerCase().replaceAll(' ', '-')}/400.css`);
      expect(readFileSync(stylesheet, 'utf8')).toContain(`font-family: '${name}';`);
      expect(fontFamily(font).startsWith(name.includes(' ') ? `"${name}", ` : `${name}, `)).toBe(true);
      expect(fontFamily(font).endsWith(SYSTEM_FONT_STACK)).toBe(true);
      // Every stylesheet its loader names is there (a missing one fails the import).
      await expect(loadThemeFont(font)).resolves.toBeUndefined();
    },
  );
});
