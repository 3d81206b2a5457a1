import { verticalCompactor, type Layout, type LayoutItem } from 'react-grid-layout';
import { GRID_COLUMNS, WIDGET_MIN_H, WIDGET_MIN_W } from '#contracts';
import { layoutAt } from './gridLayout';

/**
 * Arranging on a narrower grid (6 or 2 columns). What it shows is the stored 12-column layout reflowed in
 * reading order (gridLayout.ts), so a move there changes that order and a resize the widget's size; both are
 * made on the stored layout, which the narrow grid is reflowed from again. The desktop keeps its rows: the
 * widgets trade places (the slots of the reading order stay), and the grid's compaction settles the rest.
 */

const readingOrder = (a: LayoutItem, b: LayoutItem) => a.y - b.y || a.x - b.x;

/** The stored layout with the widgets in `order` taking the reading-order slots of the old one. */
function reorder(stored: Layout, order: readonly string[]): Layout {
  const slots = [...stored].sort(readingOrder);
  const moved = order.map((id, index) => {
    const item = stored.find((candidate) => candidate.i === id)!;
    const slot = slots[index]!;
    return { ...item, x: Math.min(slot.x, GRID_COLUMNS - item.w), y: slot.y };
  });
  // Widgets of other sizes in the traded slots may overlap: compaction pushes the later one below.
  return verticalCompactor.compact(moved, GRID_COLUMNS);
}

/** The stored layout with one widget resized (`w` in stored columns), kept inside the grid. */
function resize(stored: Layout, id: string, w: number, h: number): Layout {
  const width = Math.min(GRID_COLUMNS, Math.max(WIDGET_MIN_W, w));
  const height = Math.max(WIDGET_MIN_H, h);
  const resized = stored.map((item) =>
    item.i === id ? { ...item, w: width, h: height, x: Math.min(item.x, GRID_COLUMNS - width) } : item,
  );
  return verticalCompactor.compact(resized, GRID_COLUMNS);
}

const shownAt = (stored: Layout, cols: number) =>
  layoutAt(
    stored.map(({ i, x, y, w, h }) => ({ id: i, position: { i, x, y, w, h } })),
    cols,
  );

const sameShown = (a: Layout, b: Layout) =>
  a.every((item, index) => {
    const other = b[index]!;
    return other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h;
  });

/** The stored layout, or null when the narrow grid would show no change (a widget at an end, a size at a limit). */
function ifShownChanges(stored: Layout, arranged: Layout, cols: number): Layout | null {
  const byId = (layout: Layout) => stored.map((item) => layout.find((candidate) => candidate.i === item.i)!);
  return sameShown(shownAt(byId(stored), cols), shownAt(byId(arranged), cols)) ? null : arranged;
}

/** One stored column step per shown column: 2 at 6 columns, 6 at 2. */
const step = (cols: number) => GRID_COLUMNS / cols;

const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * The stored layout after an arrow key on the widget `id` of a grid of `cols` columns, or null when it changes
 * nothing shown. An arrow moves the widget before (left, up) or after (right, down) its neighbour in reading
 * order; with Shift it makes it one shown column wider or narrower, or one row taller or shorter.
 */
export function arrangeReflowedByKey(
  stored: Layout,
  id: string,
  { key, shiftKey }: { key: string; shiftKey: boolean },
  cols: number,
): Layout | null {
  const item = stored.find((candidate) => candidate.i === id);
  const by = MOVES[key];
  if (!item || by === undefined) return null;
  if (shiftKey) {
    const across = key === 'ArrowLeft' || key === 'ArrowRight';
    const w = across ? item.w + by * step(cols) : item.w;
    const h = across ? item.h : item.h + by;
    return ifShownChanges(stored, resize(stored, id, w, h), cols);
  }
  const order = [...stored].sort(readingOrder).map((candidate) => candidate.i);
  const from = order.indexOf(id);
  const to = from + by;
  if (to < 0 || to >= order.length) return null;
  [order[from], order[to]] = [order[to]!, order[from]!];
  return reorder(stored, order);
}

/**
 * The stored layout after a drag or a resize with the pointer on the narrow grid: the order the widgets were
 * left in, read from `dropped`, and the size of any widget whose shown size changed (`before` is what was shown).
 */
export function arrangeReflowedByPointer(
  stored: Layout,
  before: Layout,
  dropped: Layout,
  cols: number,
): Layout | null {
  let arranged = stored;
  for (const item of dropped) {
    const shown = before.find((candidate) => candidate.i === item.i);
    const own = arranged.find((candidate) => candidate.i === item.i);
    if (!shown || !own || (shown.w === item.w && shown.h === item.h)) continue;
    const w = shown.w === item.w ? own.w : Math.round(item.w * step(cols));
    arranged = resize(arranged, item.i, w, item.h);
  }
  const order = [...dropped].sort(readingOrder).map((item) => item.i);
  return ifShownChanges(stored, reorder(arranged, order), cols);
}
