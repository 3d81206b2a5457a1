import {
  BREAKPOINT_COLUMNS,
  BREAKPOINT_WIDTHS,
  BREAKPOINTS,
  GRID_COLUMNS,
  WIDGET_MIN_H,
  WIDGET_MIN_W,
  type Widget,
} from '../../services/contracts';

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
 * The grid items of the widgets at `cols` columns. Positions are stored for 12 columns; narrower grids scale
 * x and w down (at least 2 wide), and compaction then resolves the overlaps this may create.
 */
export function layoutAt(widgets: readonly Widget[], cols: number): GridItem[] {
  const scale = cols / GRID_COLUMNS;
  return widgets.map(({ id, position: { x, y, w, h } }) => {
    const width = Math.min(cols, Math.max(WIDGET_MIN_W, Math.round(w * scale)));
    return {
      i: id,
      x: Math.min(Math.floor(x * scale), cols - width),
      y,
      w: width,
      h,
      minW: WIDGET_MIN_W,
      minH: WIDGET_MIN_H,
    };
  });
}

export const columnsOf = (breakpoint: Breakpoint) => BREAKPOINT_COLUMNS[breakpoint];
