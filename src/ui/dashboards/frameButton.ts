/** The compact glyph buttons of a widget's header. */
export const FRAME_BUTTON =
  'grid size-8 shrink-0 place-items-center rounded text-lg text-muted hover:bg-muted/15 hover:text-on-surface';
