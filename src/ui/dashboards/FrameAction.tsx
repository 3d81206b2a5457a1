import { MenuItem } from '@headlessui/react';
import type { ButtonHTMLAttributes, ComponentType } from 'react';
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

type GlyphButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'className' | 'title' | 'children'
> & {
  label: string;
  glyph: string;
};

/** A compact header button of a widget: a glyph, named for screen readers and tests by its label (its tooltip too). */
export function GlyphButton({ label, glyph, ...buttonProps }: GlyphButtonProps) {
  return (
    <button type="button" aria-label={label} title={label} className={FRAME_BUTTON} {...buttonProps}>
      <span aria-hidden>{glyph}</span>
    </button>
  );
}

/** An action shown as a glyph button of the header; a toggle says whether it is pressed. */
export function FrameButton({ label, glyph, pressed, onClick }: FrameActionProps) {
  return <GlyphButton label={label} glyph={glyph} aria-pressed={pressed} onClick={onClick} />;
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
