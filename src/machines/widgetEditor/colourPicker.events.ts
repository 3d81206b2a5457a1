export type ColourPickerEvent =
  /** A palette colour was chosen (#RRGGBB). */
  | { type: 'colour.choose'; colour: string }
  /** New text of the hex field. */
  | { type: 'colour.type'; text: string }
  | { type: 'colour.toggleHexa' }
  | { type: 'colour.save' }
  | { type: 'colour.clear' }
  | { type: 'colour.cancel' };

export interface ColourPickerInput {
  colour: string | null;
}

/** The chosen colour (null once cleared), or null when the picker was cancelled. */
export type ColourPickerOutput = { colour: string | null } | null;
