/** Until the tenant theme sets it, the product's primary colour (styles.css) paints the charts. */
const PRODUCT_PRIMARY = '#1e6fd9';

/** The tenant's primary colour as chart.js needs it (a colour, not a CSS variable). */
export const themePrimary = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--tenant-primary').trim() || PRODUCT_PRIMARY;

/**
 * Colours of series without their own or a widget default, after the theme's: apart for the colour-blind
 * (Okabe–Ito) and readable on light and dark surfaces.
 */
const SERIES_PALETTE = ['#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#7a6fca', '#8c8c00'];

/** The colour of the `index`th series: the theme's first, then the palette's, round and round. */
export const seriesColour = (index: number, theme: string) =>
  index === 0 ? theme : SERIES_PALETTE[(index - 1) % SERIES_PALETTE.length]!;

/** `colour` (#rgb, #rrggbb or #rrggbbaa) at `alpha` opacity, for shaded areas under or around a line. */
export function withAlpha(colour: string, alpha: number): string {
  const hex = colour.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return colour;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
