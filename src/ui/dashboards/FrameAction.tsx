import { MenuItem } from '@headlessui/react';
import type { ComponentType } from 'react';
import { MENU_ITEM } from './DashboardsListRows';
import { FRAME_BUTTON } from './frameButton';

/** One action of a widget's header (fullscreen, edit, a chart's range): named by its label wherever it is shown. */
export interface FrameActionProps {
  label: string;
  glyph: string;
  pressed?: boolean;
  onClick: () => void;
}

/** How a header shows its actions: glyph buttons on a wide widget, items of the actions menu on a narrow one. */
export type FrameAction = ComponentType<FrameActionProps>;

/** A compact header button of a widget: a glyph, named for screen readers and tests by its label. */
export function FrameButton({ label, glyph, pressed, onClick }: FrameActionProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      className={FRAME_BUTTON}
    >
      <span aria-hidden>{glyph}</span>
    </button>
  );
}

/**
 * The same action as an item of the folded actions menu: the label is written out, so it names the item.
 * A menu item cannot be pressed (aria-pressed is not allowed on it); the glyph shows the state instead.
 */
export function FrameMenuItem({ label, glyph, onClick }: FrameActionProps) {
  return (
    <MenuItem>
      <button type="button" onClick={onClick} className={MENU_ITEM}>
        <span aria-hidden className="mr-3 inline-block w-5 text-center text-muted">
          {glyph}
        </span>
        {label}
      </button>
    </MenuItem>
  );
}
