import { useState, type KeyboardEvent } from 'react';
import { getLayoutItem, type Layout } from 'react-grid-layout';
import { useT } from '../i18n';
import { isArrowKey } from './keyboardArrange';

/**
 * Arrow keys on a widget's handle move it and Shift with them resizes it (`arrange`: keyboardArrange.ts at 12
 * columns, reflowedArrange.ts narrower); the grid then
 * says where the widget is. That is read from the layout shown, so it is what the editor took, and said also
 * when the key was refused at an edge or the minimum size (an unchanged text would not be announced again).
 */
export function useKeyboardArrange({
  enabled,
  layout,
  arrange,
  nameOf,
  onArranged,
}: {
  enabled: boolean;
  /** What the grid shows. */
  layout: Layout;
  /** The layout to save after the key, or null when the key changes nothing. */
  arrange: (id: string, keys: { key: string; shiftKey: boolean }) => Layout | null;
  nameOf: (id: string) => string;
  onArranged: (layout: Layout) => void;
}) {
  const t = useT();
  const [last, setLast] = useState<{ id: string; blocked: boolean } | null>(null);
  // Out of edit mode what was said is over: back in it, the grid says nothing until a key is pressed.
  if (!enabled && last) setLast(null);
  const keyDownOn = (id: string) => (event: KeyboardEvent) => {
    // Alt or Ctrl with an arrow belong to the browser and the screen reader (history, reading by word).
    if (!isArrowKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const arranged = arrange(id, event);
    if (arranged) onArranged(arranged);
    setLast({ id, blocked: !arranged });
  };
  const item = last && getLayoutItem(layout, last.id);
  const announcement = item
    ? t(last.blocked ? 'dashboardGrid.blocked' : 'dashboardGrid.position', {
        name: nameOf(item.i),
        column: item.x + 1,
        row: item.y + 1,
        width: item.w,
        height: item.h,
      })
    : '';
  return { keyDownOn, announcement };
}
