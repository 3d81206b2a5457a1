import {
  GRID_COLUMNS,
  isInvalidWidget,
  WIDGET_DEFAULT_SIZE,
  type Annotation,
  type OpenedDashboard,
  type PageTopic,
  type Widget,
  type WidgetElement,
  type WidgetPosition,
} from '#contracts';
import type { LayoutItem } from './dashboardEditor.events';

export const topicKey = (topic: Omit<PageTopic, 'kind'>) =>
  `${topic.hexacode.toLowerCase()}/${topic.department}/${topic.subDepartment}/${topic.page}`;

/** Key of one line of one page: (hexacode, department, subDepartment, page, line). */
export const lineKey = (topic: Omit<PageTopic, 'kind'>, line: number) => `${topicKey(topic)}/${line}`;

/** The page topic an element reads its value from, or null when its address is incomplete. */
export function elementTopic(element: WidgetElement): PageTopic | null {
  const { hexacode, department, subDepartment, pageNumber } = element;
  if (!hexacode || department === null || subDepartment === null || pageNumber === null) return null;
  return { kind: 'page', hexacode, department, subDepartment, page: pageNumber };
}

/** Key of the line an element shows (see lineKey), or null when its address is incomplete. */
export function elementKey(element: WidgetElement): string | null {
  const topic = elementTopic(element);
  return topic && element.lineNumber !== null ? lineKey(topic, element.lineNumber) : null;
}

/** Every distinct page topic the widgets' elements of the dashboard reference. */
export function dashboardTopics(dashboard: OpenedDashboard | null): PageTopic[] {
  const topics = new Map<string, PageTopic>();
  for (const widget of dashboard?.widgets ?? []) {
    if (isInvalidWidget(widget)) continue;
    for (const element of widget.elements) {
      const topic = elementTopic(element);
      if (topic) topics.set(topicKey(topic), topic);
    }
  }
  return [...topics.values()];
}

/** Whether any widget of the layout sits elsewhere or has another size than in the dashboard (x, y, w, h). */
export function layoutMoved(dashboard: OpenedDashboard | null, layout: readonly LayoutItem[]): boolean {
  if (!dashboard) return false;
  const items = new Map(layout.map((item) => [item.i, item]));
  return dashboard.widgets.some(({ id, position }) => {
    const item = items.get(id);
    return (
      item !== undefined &&
      (item.x !== position.x || item.y !== position.y || item.w !== position.w || item.h !== position.h)
    );
  });
}

/** The dashboard with the layout's positions applied to its widgets. */
export function withLayout(dashboard: OpenedDashboard, layout: readonly LayoutItem[]): OpenedDashboard {
  const items = new Map(layout.map((item) => [item.i, item]));
  return {
    ...dashboard,
    widgets: dashboard.widgets.map((widget) => {
      const item = items.get(widget.id);
      return item
        ? { ...widget, position: { ...widget.position, x: item.x, y: item.y, w: item.w, h: item.h } }
        : widget;
    }),
  };
}

/**
 * Where a new widget of `size` goes (SPEC §5): the first free cell of the 12-column grid, scanning rows from
 * the top and columns from the left, else below everything.
 */
export function firstFreeCell(
  widgets: readonly { position: { x: number; y: number; w: number; h: number } }[],
  size: { w: number; h: number } = WIDGET_DEFAULT_SIZE,
): WidgetPosition {
  const bottom = Math.max(0, ...widgets.map(({ position }) => position.y + position.h));
  const overlaps = (x: number, y: number) =>
    widgets.some(({ position: p }) => x < p.x + p.w && p.x < x + size.w && y < p.y + p.h && p.y < y + size.h);
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + size.w <= GRID_COLUMNS; x++) {
      if (!overlaps(x, y)) return { i: '', x, y, ...size };
    }
  }
  return { i: '', x: 0, y: bottom, ...size };
}

/** The dashboard with a widget's annotations replaced (a widget it no longer has is left alone). */
export function withAnnotations(
  dashboard: OpenedDashboard,
  widgetId: string,
  annotations: Annotation[],
): OpenedDashboard {
  return {
    ...dashboard,
    widgets: dashboard.widgets.map((widget) =>
      widget.id === widgetId && !isInvalidWidget(widget)
        ? { ...widget, markAreaElements: annotations }
        : widget,
    ),
  };
}

/** The dashboard with `widget` in place of the one with its id, or added at the end. */
export function withWidget(dashboard: OpenedDashboard, widget: Widget): OpenedDashboard {
  const known = dashboard.widgets.some(({ id }) => id === widget.id);
  return {
    ...dashboard,
    widgets: known
      ? dashboard.widgets.map((current) => (current.id === widget.id ? widget : current))
      : [...dashboard.widgets, widget],
  };
}
