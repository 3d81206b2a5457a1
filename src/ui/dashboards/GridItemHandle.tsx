import type { KeyboardEventHandler } from 'react';
import { useT } from '../i18n';
import { GlyphButton } from './FrameAction';

/**
 * The keyboard's hold on a widget in edit mode: focused, arrow keys move or resize the widget. A button, so the
 * grid's drag does not start on it (the grid cancels drags on buttons) and the keys are told by its description.
 * It leads the widget's header, where it covers nothing the widget shows.
 */
export function GridItemHandle({
  name,
  describedBy,
  onKeyDown,
}: {
  name: string;
  describedBy: string;
  onKeyDown: KeyboardEventHandler;
}) {
  const t = useT();
  return (
    <GlyphButton
      label={t('dashboardGrid.arrange', { name })}
      glyph="✥"
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
    />
  );
}
