import { COLOR_KEYS, type ColorKey, type ColorSet } from '#contracts';

type Rgb = readonly [number, number, number];

/** WCAG 2.2 AA: normal-size text against what is behind it. */
const TEXT_CONTRAST = 4.5;
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [11, 15, 20];
/** Colours only ever painted behind text (the sidebar's, in its on- colour), never used as text. */
const BACKGROUND_ONLY: readonly ColorKey[] = ['sidebar', 'sidebar_secondary'];

const rgbOf = (hex: string): Rgb =>
  [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as unknown as Rgb;
const hexOf = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance of WCAG 2.2. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
const inkOn = (background: Rgb): Rgb =>
  contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK;

/** `colour` moved towards the surfaces' ink just far enough to read as text on each of them. */
function readableOn(colour: Rgb, surfaces: readonly Rgb[]): Rgb {
  const reads = (candidate: Rgb) =>
    surfaces.every((surface) => contrast(candidate, surface) >= TEXT_CONTRAST);
  if (reads(colour)) return colour;
  const toward = inkOn(surfaces[0]!);
  for (let step = 1; step <= 20; step++) {
    const mixed = colour.map((c, i) => c + ((toward[i]! - c) * step) / 20) as unknown as Rgb;
    if (reads(mixed)) return mixed;
  }
  return toward;
}

/** The mode's surfaces (styles.css) that text in the tenant's colours stands on. */
export const SURFACE_PROPERTIES = ['--surface', '--surface-raised'] as const;

/** The custom properties DocumentTheme writes on <html> (styles.css turns them into Tailwind colours). */
export const TENANT_PROPERTIES = COLOR_KEYS.flatMap((key) => [`--tenant-${key}`, `--tenant-on-${key}`]);

/**
 * A tenant's colour set made readable on the current mode's surfaces (#rrggbb): a brand colour that is too faint
 * as text on them is nudged until it reads (4.5:1), and each colour gets `on-<key>`, the text colour to put on it
 * as a background. A tenant's colours come from its administrators; the product keeps them readable whatever they are.
 */
export function readableColours(colors: ColorSet, surfaces: readonly string[]): Record<string, string> {
  // Without a stylesheet (jsdom) there are no surfaces to read on: the colours stay as given.
  const backgrounds = surfaces.filter((surface) => /^#[0-9a-f]{6}$/i.test(surface)).map(rgbOf);
  return Object.fromEntries(
    COLOR_KEYS.flatMap((key) => {
      const given = rgbOf(colors[key]);
      const colour = BACKGROUND_ONLY.includes(key) ? given : readableOn(given, backgrounds);
      return [
        [`--tenant-${key}`, colour === given ? colors[key] : hexOf(colour)],
        [`--tenant-on-${key}`, hexOf(inkOn(colour))],
      ];
    }),
  );
}
