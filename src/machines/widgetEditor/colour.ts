/** The colour picker's palette (SPEC §2 colour picker), as #RRGGBB. */
export const PALETTE = [
  '#F44336',
  '#E91E63',
  '#9C27B0',
  '#3F51B5',
  '#2196F3',
  '#00BCD4',
  '#009688',
  '#4CAF50',
  '#CDDC39',
  '#FFEB3B',
  '#FF9800',
  '#795548',
  '#9E9E9E',
  '#EEEEEE',
  '#FFFFFF',
  '#000000',
] as const;

const RGB = /^#[0-9a-f]{6}$/i;
const RGBA = /^#[0-9a-f]{8}$/i;

/** Hexa mode edits #RRGGBBAA (with alpha), otherwise #RRGGBB. */
export const isHexa = (colour: string | null) => colour !== null && RGBA.test(colour);

export const validColour = (text: string, hexa: boolean) => (hexa ? RGBA : RGB).test(text.trim());

const alphaOf = (text: string) => (RGBA.test(text) ? text.slice(7) : 'FF');

/** A palette colour in the current mode, keeping the alpha typed so far. */
export const paletteText = (colour: string, text: string, hexa: boolean) =>
  hexa ? `${colour}${alphaOf(text)}` : colour;

/** The text when hexa mode is switched: opaque alpha added, or the alpha dropped. */
export function toggledText(text: string, hexa: boolean): string {
  if (hexa) return RGB.test(text) ? `${text}FF` : text;
  return RGBA.test(text) ? text.slice(0, 7) : text;
}
