import { randomUUID } from 'node:crypto';
import type { Annotation, Dashboard, Widget, WidgetSave } from '../../../../src/services/contracts';
import { notFound } from '../../errors';
import { checkLayout } from './layout';
import type { Owner } from './owner';
import { loadDashboard, saveDashboard } from './records';
import type { DashboardsRepository } from './repository';

const widgetNotFound = () => notFound('WIDGET_NOT_FOUND', 'Widget not found');

/** The rules of one widget of a dashboard: its save, its annotations, reading it for the download. */
export function createWidgetRules(repository: DashboardsRepository) {
  return {
    /** Adds the widget or replaces the one with its id; the layout must stay free of overlaps. */
    async saveWidget(owner: Owner, input: WidgetSave): Promise<Dashboard> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, input.dashboardId);
        const index = row.widgets.findIndex((widget) => widget.id === input.widget.id);
        const widgets: Widget[] =
          index === -1
            ? [...row.widgets, input.widget]
            : row.widgets.map((widget, i) => (i === index ? input.widget : widget));
        checkLayout(widgets);
        return saveDashboard(repo, owner, row, input.version ?? row.version, { widgets });
      });
    },

    /** Replaces the annotations of one widget; annotations without an id get one. */
    async saveMarkAreaElements(
      owner: Owner,
      dashboardId: string,
      widgetId: string,
      annotations: Annotation[],
    ): Promise<Annotation[]> {
      return repository.transaction(async (repo) => {
        const row = await loadDashboard(repo, owner, dashboardId);
        if (!row.widgets.some((widget) => widget.id === widgetId)) throw widgetNotFound();
        const saved = annotations.map((annotation) => ({ ...annotation, id: annotation.id ?? randomUUID() }));
        const widgets = row.widgets.map((widget) =>
          widget.id === widgetId ? { ...widget, markAreaElements: saved } : widget,
        );
        await saveDashboard(repo, owner, row, row.version, { widgets });
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
