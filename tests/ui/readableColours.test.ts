import { describe, expect, it } from 'vitest';
import type { ColorSet } from '#contracts';
import { readableColours } from '../../src/ui/readableColours';

const LIGHT_SURFACES = ['#f4f6f8', '#ffffff'];
const DARK_SURFACES = ['#11161d', '#1b222c'];

/** WCAG 2.2 contrast of two #rrggbb colours, computed here independently of the module. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const s = parseInt(hex.slice(at, at + 2), 16) / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** A tenant whose administrators chose pale yellow for everything: too faint as text on light surfaces. */
const pale: ColorSet = {
  accent: '#ffe066',
  error: '#ffe066',
  info: '#ffe066',
  primary: '#ffe066',
  secondary: '#ffe066',
  success: '#ffe066',
  warning: '#ffe066',
  sidebar: '#ffe066',
  sidebar_secondary: '#ffe066',
};

describe('tenant colours made readable', () => {
  it('darkens a colour too faint as text on the light surfaces until it reads 4.5:1 on each', () => {
    const primary = readableColours(pale, LIGHT_SURFACES)['--tenant-primary']!;
    expect(primary).not.toBe('#ffe066');
    for (const surface of LIGHT_SURFACES) expect(contrast(primary, surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that already reads, as the tenant wrote it', () => {
    expect(readableColours(pale, DARK_SURFACES)['--tenant-primary']).toBe('#ffe066');
  });

  it('puts readable text on every colour used as a background, the sidebar left as chosen', () => {
    const colours = readableColours({ ...pale, primary: '#3b82f6' }, DARK_SURFACES);
    expect(colours['--tenant-sidebar']).toBe('#ffe066');
    for (const key of ['primary', 'sidebar', 'error'])
      expect(contrast(colours[`--tenant-on-${key}`]!, colours[`--tenant-${key}`]!)).toBeGreaterThanOrEqual(
        4.5,
      );
  });

  it('leaves the colours as given where no surface can be read (no stylesheet)', () => {
    expect(readableColours(pale, ['', ''])['--tenant-primary']).toBe('#ffe066');
  });
});
