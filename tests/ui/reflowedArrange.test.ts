import type { Layout } from 'react-grid-layout';
import { describe, expect, it } from 'vitest';
import { layoutAt } from '../../src/ui/dashboards/gridLayout';
import { arrangeReflowedByPointer } from '../../src/ui/dashboards/reflowedArrange';

/** Three widgets on one desktop row, 4 columns each: at 6 columns they reflow to two rows. */
const stored = layoutAt(
  ['a', 'b', 'c'].map((id, index) => ({ id, position: { i: id, x: index * 4, y: 0, w: 4, h: 4 } })),
  12,
);
const shown = layoutAt(
  stored.map(({ i, x, y, w, h }) => ({ id: i, position: { i, x, y, w, h } })),
  6,
);
const place = (layout: Layout) => Object.fromEntries(layout.map(({ i, x, y, w, h }) => [i, [x, y, w, h]]));

describe('arranging a reflowed grid with the pointer', () => {
  it('reads the order the widgets were dropped in and gives them the desktop slots in that order', () => {
    // c dragged to the top left, a and b pushed along.
    const dropped = shown.map((item) =>
      item.i === 'c' ? { ...item, x: 0, y: 0 } : { ...item, x: item.x + 2, y: item.y },
    );
    expect(place(arrangeReflowedByPointer(stored, shown, dropped, 6)!)).toEqual({
      c: [0, 0, 4, 4],
      a: [4, 0, 4, 4],
      b: [8, 0, 4, 4],
    });
  });

  it('stores a shown resize as two desktop columns per shown column, and rows as they are', () => {
    const dropped = shown.map((item) => (item.i === 'a' ? { ...item, w: 3, h: 6 } : item));
    expect(place(arrangeReflowedByPointer(stored, shown, dropped, 6)!).a).toEqual([0, 0, 6, 6]);
  });

  it('gives nothing to save when the drop shows the same grid again', () => {
    expect(arrangeReflowedByPointer(stored, shown, shown, 6)).toBeNull();
  });
});
