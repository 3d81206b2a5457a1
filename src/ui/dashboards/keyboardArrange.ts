import { bottom, cloneLayout, getLayoutItem, moveElement, type Layout } from 'react-grid-layout';
import { applyPositionConstraints, applySizeConstraints, defaultConstraints } from 'react-grid-layout/core';
import { GRID_MARGIN, GRID_ROW_HEIGHT } from '#contracts';
import { compactorAt } from './gridLayout';

/** The arrow keys as one grid cell along x or y. */
const ARROWS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

export const isArrowKey = (key: string) => key in ARROWS;

const sameLayout = (a: Layout, b: Layout) =>
  a.every((item) => {
    const other = getLayoutItem(b, item.i);
    return other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });

/**
 * The layout after an arrow key on the widget `id`, with the grid's own rules as a drag or a resize handle
 * applies them (react-grid-layout's bounds, minimum sizes, collisions and compaction), or null when the key
 * changes nothing (an edge, the minimum size). An arrow moves the widget one cell; with Shift it resizes it by
 * one cell from its bottom right corner, as the resize handle does.
 */
export function arrangeByKey(
  layout: Layout,
  id: string,
  { key, shiftKey }: { key: string; shiftKey: boolean },
  cols: number,
): Layout | null {
  const arrow = ARROWS[key];
  const item = getLayoutItem(layout, id);
  if (!arrow || !item) return null;
  const compactor = compactorAt(cols);
  // The bounds and minimum sizes read the columns and the rows; the pixel sizes are the grid's configuration.
  const context = {
    cols,
    maxRows: Infinity,
    containerWidth: 0,
    containerHeight: 0,
    rowHeight: GRID_ROW_HEIGHT,
    margin: [GRID_MARGIN, GRID_MARGIN] as const,
    layout,
  };
  const settle = (changed: Layout) => {
    const settled = compactor.compact(changed, cols);
    return sameLayout(layout, settled) ? null : settled;
  };
  if (shiftKey) {
    const size = applySizeConstraints(
      defaultConstraints,
      item,
      item.w + arrow.dx,
      item.h + arrow.dy,
      'se',
      context,
    );
    return settle(layout.map((other) => (other.i === id ? { ...other, ...size } : other)));
  }
  // Compaction pulls a widget moved one row down back up until it has passed the one below it, as a drag
  // does: the move goes on cell by cell until the layout changes, down to the grid's bottom at most.
  const rows = { ...context, maxRows: bottom(layout) };
  let tried = { x: item.x, y: item.y };
  while (true) {
    const target = applyPositionConstraints(
      defaultConstraints,
      item,
      tried.x + arrow.dx,
      tried.y + arrow.dy,
      rows,
    );
    // Clamped where the last try was: the grid's edge.
    if (target.x === tried.x && target.y === tried.y) return null;
    tried = target;
    const moved = cloneLayout(layout);
    const settled = settle(
      moveElement(moved, getLayoutItem(moved, id)!, target.x, target.y, true, false, compactor.type, cols),
    );
    if (settled) return settled;
  }
}
