import * as v from 'valibot';
import { Dashboard } from './dashboards';
import { WIDGET_DEFAULT_SIZE, Widget, WidgetPosition, type WidgetInput } from './widgets';

/**
 * A stored widget its type's schema refuses: saved before a rule existed (an icon name the registry never
 * had, say). The SPA keeps it in its place so the rest of the dashboard opens, and shows which field failed.
 */
export interface InvalidWidget {
  type: 'INVALID';
  id: string;
  name: string;
  position: WidgetPosition;
  /** The first failed field, from the widget ('elements.1.icon'), with the contract's message. */
  issue: { field: string; message: string };
  /**
   * The widget as stored. A save sends it back unchanged: the server then refuses it naming the field,
   * rather than the SPA dropping it unseen; deleting the widget is how the operator lets it go.
   */
  stored: WidgetInput;
}

/** A widget of an opened dashboard: one its schema accepts, or one it refuses. */
export type DashboardWidget = Widget | InvalidWidget;

export const isInvalidWidget = (widget: DashboardWidget): widget is InvalidWidget =>
  widget.type === 'INVALID';

const textOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value : fallback;

/** `stored` parsed by its type's schema, or kept as an invalid widget that says what failed. */
function readWidget(stored: unknown, index: number): DashboardWidget {
  const parsed = v.safeParse(Widget, stored);
  if (parsed.success) return parsed.output;
  const fields = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const id = textOr(fields.id, `invalid-widget-${index}`);
  const position = v.safeParse(WidgetPosition, fields.position);
  const [issue] = parsed.issues;
  return {
    type: 'INVALID',
    id,
    name: textOr(fields.name, id),
    // Without a usable position it starts top left; the grid's compaction moves it clear of the others.
    position: { ...(position.success ? position.output : { x: 0, y: 0, ...WIDGET_DEFAULT_SIZE }), i: id },
    issue: { field: v.getDotPath(issue) ?? '', message: issue.message },
    stored: stored as WidgetInput,
  };
}

/**
 * A dashboard as the SPA opens it (GET, and every answer that carries stored widgets): each widget is parsed
 * on its own, so one a newer rule refuses does not keep the others from showing.
 */
export const OpenedDashboard = v.object({
  ...Dashboard.entries,
  widgets: v.pipe(
    v.array(v.unknown()),
    v.transform((widgets) => widgets.map(readWidget)),
  ),
});
export type OpenedDashboard = v.InferOutput<typeof OpenedDashboard>;

/** The widgets as the server takes them back: invalid ones exactly as they were stored. */
export const storedWidgets = (widgets: readonly DashboardWidget[]): WidgetInput[] =>
  widgets.map((widget) => (isInvalidWidget(widget) ? widget.stored : widget));
