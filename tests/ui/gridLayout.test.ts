import { describe, expect, it } from 'vitest';
import { breakpointOf, layoutAt } from '../../src/ui/dashboards/gridLayout';
import { editedDashboard } from '../support/fixtures/dashboardEditorFixtures';

describe('dashboard grid layout', () => {
  it('picks the breakpoint from the window width (SPEC §9)', () => {
    expect([1920, 1904, 1903, 1264, 1000, 960, 700, 600, 599, 0].map(breakpointOf)).toEqual([
      'xl',
      'xl',
      'lg',
      'lg',
      'md',
      'md',
      'sm',
      'sm',
      'xs',
      'xs',
    ]);
  });

  it('keeps the stored positions at 12 columns', () => {
    expect(layoutAt(editedDashboard.widgets, 12).map(({ x, y, w, h }) => [x, y, w, h])).toEqual([
      [0, 0, 3, 4],
      [3, 0, 3, 4],
    ]);
  });

  it('reflows narrower grids like text, in reading order, rows filled to the edge, never below the minimum width', () => {
    const at = (widgets: typeof editedDashboard.widgets, cols: number) =>
      layoutAt(widgets, cols).map(({ i, x, y, w }) => [i, x, y, w]);
    expect(at(editedDashboard.widgets, 6)).toEqual([
      ['w-1', 0, 0, 2],
      ['w-2', 2, 0, 4],
    ]);
    expect(at(editedDashboard.widgets, 2)).toEqual([
      ['w-1', 0, 0, 2],
      ['w-2', 0, 4, 2],
    ]);
    // A widget that no longer fits starts the next row, below the row's tallest; later ones follow it.
    const more = [
      ...editedDashboard.widgets,
      { ...editedDashboard.widgets[0]!, id: 'w-3', position: { i: 'w-3', x: 6, y: 0, w: 6, h: 5 } },
      { ...editedDashboard.widgets[0]!, id: 'w-4', position: { i: 'w-4', x: 0, y: 5, w: 4, h: 3 } },
    ];
    expect(at(more, 6)).toEqual([
      ['w-1', 0, 0, 2],
      ['w-2', 2, 0, 4],
      ['w-3', 0, 4, 3],
      ['w-4', 3, 4, 3],
    ]);
  });
});
