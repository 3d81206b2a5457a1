import { noCompactor, verticalCompactor } from 'react-grid-layout';
import {
  BREAKPOINT_COLUMNS,
  BREAKPOINT_WIDTHS,
  BREAKPOINTS,
  GRID_COLUMNS,
  WIDGET_MIN_H,
  WIDGET_MIN_W,
  type Widget,
} from '#contracts';

export type Breakpoint = (typeof BREAKPOINTS)[number];

/** SPEC §9's breakpoints are the window's width (the sidebar included), widest first. */
export const breakpointOf = (viewportWidth: number): Breakpoint =>
  BREAKPOINTS.find((breakpoint) => viewportWidth >= BREAKPOINT_WIDTHS[breakpoint]) ?? 'xs';

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW: number;
  minH: number;
}

/**
 * The grid items of the widgets at `cols` columns. At 12 columns they are the stored positions. Narrower grids
 * reflow them like text: in reading order (top to bottom, left to right), each widget with its width scaled down
 * (at least 2) goes right of the previous one, or starts a new row below the row's tallest, so the order stays;
 * the last widget of a row is widened to the edge.
 */
export function layoutAt(widgets: readonly Pick<Widget, 'id' | 'position'>[], cols: number): GridItem[] {
  const item = (i: string, x: number, y: number, w: number, h: number): GridItem => ({
    i,
    x,
    y,
    w,
    h,
    minW: WIDGET_MIN_W,
    minH: WIDGET_MIN_H,
  });
  if (cols >= GRID_COLUMNS) return widgets.map(({ id, position: { x, y, w, h } }) => item(id, x, y, w, h));
  const inReadingOrder = [...widgets].sort(
    (a, b) => a.position.y - b.position.y || a.position.x - b.position.x,
  );
  const flowed = new Map<string, GridItem>();
  let rowLast: GridItem | null = null;
  let rowBottom = 0;
  // The last widget of a row takes the columns the row leaves free, so rows end at the edge.
  const closeRow = () => {
    if (rowLast) rowLast.w = cols - rowLast.x;
  };
  for (const { id, position } of inReadingOrder) {
    const w = Math.min(cols, Math.max(WIDGET_MIN_W, Math.round((position.w * cols) / GRID_COLUMNS)));
    let x = rowLast ? rowLast.x + rowLast.w : 0;
    let y = rowLast ? rowLast.y : 0;
    if (x + w > cols) {
      closeRow();
      [x, y] = [0, rowBottom];
    }
    rowLast = item(id, x, y, w, position.h);
    flowed.set(id, rowLast);
    rowBottom = Math.max(rowBottom, y + position.h);
  }
  closeRow();
  return widgets.map(({ id }) => flowed.get(id)!);
}

export const columnsOf = (breakpoint: Breakpoint) => BREAKPOINT_COLUMNS[breakpoint];

/** The 12-column grid compacts upwards as widgets move; narrower grids keep the reflowed order as laid out. */
export const compactorAt = (cols: number) => (cols === GRID_COLUMNS ? verticalCompactor : noCompactor);
