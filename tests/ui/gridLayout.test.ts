import { describe, expect, it } from 'vitest';
import { breakpointOf, layoutAt } from '../../src/ui/dashboards/gridLayout';
import { editedDashboard } from '../support/dashboardEditorFixtures';

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

  it('halves x and w at 6 columns and stacks full width at 2, never below the minimum', () => {
    expect(layoutAt(editedDashboard.widgets, 6).map(({ x, w }) => [x, w])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(layoutAt(editedDashboard.widgets, 2).map(({ x, w }) => [x, w])).toEqual([
      [0, 2],
      [0, 2],
    ]);
  });
});
