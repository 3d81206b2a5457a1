import type { DashboardEditorActor } from '../dashboards/useDashboardEditor';
import type { Widget, WidgetType } from '#contracts';

/** What every widget renderer gets: the dashboard actor (for live values) and its widget. */
export interface WidgetRendererProps {
  actor: DashboardEditorActor;
  widget: Widget;
}

/**
 * The widget as the renderer of its type reads it (with the type's own fields). The registry picks the
 * renderer by type, so another type here is a wiring bug.
 */
export function widgetOfType<T extends WidgetType>(widget: Widget, type: T): Extract<Widget, { type: T }> {
  if (widget.type !== type) throw new Error(`${type} renderer given a ${widget.type} widget`);
  return widget as Extract<Widget, { type: T }>;
}
