import type { Widget } from '#contracts';
import { badRequest } from '../../errors';

const overlaps = (a: Widget['position'], b: Widget['position']) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Widget ids are unique and widgets do not overlap on the 12-column grid (the schemas already keep each one inside
 * it). The 400 names the later widget of a clashing pair by its place in the list and its name.
 */
export function checkLayout(widgets: readonly Widget[], path = 'widgets'): void {
  widgets.forEach((widget, index) => {
    for (let earlier = 0; earlier < index; earlier++) {
      const other = widgets[earlier]!;
      if (other.id === widget.id) {
        throw badRequest(
          'WIDGET_ID_DUPLICATE',
          `${path}.${index}.id: "${widget.id}" is used by another widget`,
        );
      }
      if (overlaps(other.position, widget.position)) {
        throw badRequest(
          'WIDGETS_OVERLAP',
          `${path}.${index}.position: widget "${widget.name}" overlaps widget "${other.name}"`,
        );
      }
    }
  });
}
