import { randomUUID } from 'node:crypto';
import type { Annotation, Dashboard, Widget, WidgetSave } from '#contracts';
import { notFound } from '../../errors';
import { checkLayout } from './layout';
import type { Owner } from './owner';
import { loadDashboard, saveDashboard } from './records';
import type { DashboardsRepository } from './repository';

const widgetNotFound = () => notFound('WIDGET_NOT_FOUND', 'Widget not found');

/**
 * The widgets of a save with the stored annotations of the widgets already stored. Annotations are saved on their
 * own (saveMarkAreaElements), so a save from a copy opened before an annotation was saved keeps it instead of
 * erasing it; a new widget brings its own.
 */
export function withStoredAnnotations(stored: readonly Widget[], saved: readonly Widget[]): Widget[] {
  const annotations = new Map(stored.map((widget) => [widget.id, widget.markAreaElements]));
  return saved.map((widget) => {
    const kept = annotations.get(widget.id);
    return kept === undefined ? widget : { ...widget, markAreaElements: kept };
  });
}

/** The rules of one widget of a dashboard: its save, its annotations, reading it for the download. */
export function createWidgetRules(repository: DashboardsRepository) {
  return {
    /** Adds the widget or replaces the one with its id; the layout must stay free of overlaps. */
    async saveWidget(owner: Owner, input: WidgetSave): Promise<Dashboard> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, input.dashboardId, { lock: true });
        const index = row.widgets.findIndex((widget) => widget.id === input.widget.id);
        const [widget] = withStoredAnnotations(row.widgets, [input.widget]) as [Widget];
        const widgets: Widget[] =
          index === -1
            ? [...row.widgets, widget]
            : row.widgets.map((each, i) => (i === index ? widget : each));
        checkLayout(widgets);
        return saveDashboard(repo, owner, row, input.version ?? row.version, { widgets });
      });
    },

    /**
     * Replaces the annotations of one widget; annotations without an id get one. The version stays: annotations
     * are not an edit of the dashboard, so an editor that has it open still saves without a false conflict.
     */
    async saveMarkAreaElements(
      owner: Owner,
      dashboardId: string,
      widgetId: string,
      annotations: Annotation[],
    ): Promise<Annotation[]> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, dashboardId, { lock: true });
        if (!row.widgets.some((widget) => widget.id === widgetId)) throw widgetNotFound();
        const saved = annotations.map((annotation) => ({ ...annotation, id: annotation.id ?? randomUUID() }));
        const widgets = row.widgets.map((widget) =>
          widget.id === widgetId ? { ...widget, markAreaElements: saved } : widget,
        );
        await repo.writeWidgets(owner, row.id, widgets);
        return saved;
      });
    },

    /** One widget of one of the owner's dashboards (404 for another user's dashboard or an unknown widget). */
    async widget(owner: Owner, dashboardId: string, widgetId: string): Promise<Widget> {
      const row = await loadDashboard(repository, owner, dashboardId);
      const widget = row.widgets.find((w) => w.id === widgetId);
      if (!widget) throw widgetNotFound();
      return widget;
    },
  };
}
