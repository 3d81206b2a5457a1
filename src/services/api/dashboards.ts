import * as v from 'valibot';
import type { KyInstance } from 'ky';
import {
  Dashboard,
  DashboardDeleted,
  DashboardGroup,
  DashboardsList,
  DashboardSummary,
  GroupNameValidation,
  MarkAreaElements,
  OpenedDashboard,
  storedWidgets,
  type Annotation,
  type DashboardCreate,
  type DashboardGroupSave,
  type DashboardImportInput,
  type DashboardsSorting,
  type DashboardUpdateInput,
  type WidgetDownloadBody,
  type WidgetDownloadQuery,
  type WidgetInput,
  type WidgetSave,
} from '#contracts';
import { conflictOr, fileNameOf, params } from './helpers';

/** A dashboard export: the document (its widgets as stored) and the file name the server gave it. */
export interface DashboardExport {
  dashboard: Omit<Dashboard, 'widgets'> & { widgets: WidgetInput[] };
  fileName: string;
}

type DashboardCreateInput = v.InferInput<typeof DashboardCreate>;
export type DashboardGroupSaveInput = v.InferInput<typeof DashboardGroupSave>;
type DashboardGroupUpdateInput = DashboardGroupSaveInput & { id: string };
type DashboardsSortingInput = v.InferInput<typeof DashboardsSorting>;
type WidgetSaveInput = v.InferInput<typeof WidgetSave>;

/** Dashboards (server/src/modules/dashboards/routes.ts), every answer parsed by its contract. */
export interface DashboardsApi {
  /** GET /api/v2/dashboards/: dashboards without widgets, groups and the dashboards sort settings. */
  listDashboards(): Promise<DashboardsList>;
  /** GET /api/v2/dashboards/{id}: one dashboard with its widgets, each read on its own (see OpenedDashboard). */
  getDashboard(id: string): Promise<OpenedDashboard>;
  /** POST /api/v2/dashboards/: the server decides whether it becomes the favorite. */
  createDashboard(body: DashboardCreateInput): Promise<Dashboard>;
  /** PUT /api/v2/dashboards/; a stale version throws DashboardConflictError. */
  saveDashboard(body: DashboardUpdateInput): Promise<Dashboard>;
  /** DELETE /api/v2/dashboards/{id}: answers the favorite afterwards. */
  deleteDashboard(id: string): Promise<DashboardDeleted>;
  /** POST /api/v2/dashboards/{id}/favorite */
  favoriteDashboard(id: string): Promise<DashboardSummary>;
  /** POST /api/v2/dashboards/{id}/rename?name=: the renamed dashboard, without its widgets. */
  renameDashboard(id: string, name: string): Promise<DashboardSummary>;
  /** GET /api/v2/dashboards/{id}/export: the document and its file name. */
  exportDashboard(id: string): Promise<DashboardExport>;
  /** POST /api/v2/dashboards/import: a new dashboard with the file's (mapped) widgets. */
  importDashboard(body: DashboardImportInput): Promise<Dashboard>;
  /** POST /api/v2/dashboards/update-sorting-settings: answers the whole list. */
  updateDashboardsSorting(body: DashboardsSortingInput): Promise<DashboardsList>;
  /** POST /api/v2/dashboards/groups */
  createDashboardGroup(body: DashboardGroupSaveInput): Promise<DashboardGroup>;
  /** PUT /api/v2/dashboards/groups */
  updateDashboardGroup(body: DashboardGroupUpdateInput): Promise<DashboardGroup>;
  /** DELETE /api/v2/dashboards/groups/{id}: its dashboards return to the top level. */
  deleteDashboardGroup(id: string): Promise<void>;
  /** GET /api/v2/dashboards/groups/validate/name?id&name: whether the name is free (the group itself excepted). */
  validateDashboardGroupName(query: { id?: string; name: string }): Promise<boolean>;
  /** POST /api/v2/dashboards/widgets; a stale version throws DashboardConflictError. */
  saveWidget(body: WidgetSaveInput): Promise<OpenedDashboard>;
  /** POST /api/v2/dashboards/widgets/download?exportType&fileName: the widget's current values as a file. */
  downloadWidget(
    body: WidgetDownloadBody,
    query: WidgetDownloadQuery,
  ): Promise<{ fileName: string; blob: Blob }>;
  /** POST /api/v2/dashboards/widgets/mark-area-elements?dashboard&widget */
  saveMarkAreaElements(
    where: { dashboard: string; widget: string },
    annotations: v.InferInput<typeof MarkAreaElements>,
  ): Promise<Annotation[]>;
}

export function createDashboardsApi(http: KyInstance): DashboardsApi {
  return {
    listDashboards: async () => v.parse(DashboardsList, await http.get('v2/dashboards/').json()),
    getDashboard: async (id) =>
      v.parse(OpenedDashboard, await http.get(`v2/dashboards/${encodeURIComponent(id)}`).json()),
    createDashboard: async (body) =>
      v.parse(Dashboard, await http.post('v2/dashboards/', { json: body }).json()),
    async saveDashboard(body) {
      try {
        return v.parse(Dashboard, await http.put('v2/dashboards/', { json: body }).json());
      } catch (error) {
        return conflictOr(error);
      }
    },
    deleteDashboard: async (id) =>
      v.parse(DashboardDeleted, await http.delete(`v2/dashboards/${encodeURIComponent(id)}`).json()),
    favoriteDashboard: async (id) =>
      v.parse(DashboardSummary, await http.post(`v2/dashboards/${encodeURIComponent(id)}/favorite`).json()),
    renameDashboard: async (id, name) =>
      v.parse(
        DashboardSummary,
        await http
          .post(`v2/dashboards/${encodeURIComponent(id)}/rename`, { searchParams: params({ name }) })
          .json(),
      ),
    async exportDashboard(id) {
      const response = await http.get(`v2/dashboards/${encodeURIComponent(id)}/export`);
      const opened = v.parse(OpenedDashboard, await response.json());
      const fileName = fileNameOf(response.headers.get('content-disposition'), `${opened.name}.json`);
      return { dashboard: { ...opened, widgets: storedWidgets(opened.widgets) }, fileName };
    },
    async downloadWidget(body, query) {
      const searchParams: Record<string, string> = { exportType: query.exportType };
      if (query.fileName) searchParams.fileName = query.fileName;
      const response = await http.post('v2/dashboards/widgets/download', { json: body, searchParams });
      const fallback = `${query.fileName ?? 'widget'}.${query.exportType.toLowerCase()}`;
      return {
        fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
        blob: await response.blob(),
      };
    },
    importDashboard: async (body) =>
      v.parse(Dashboard, await http.post('v2/dashboards/import', { json: body }).json()),
    updateDashboardsSorting: async (body) =>
      v.parse(
        DashboardsList,
        await http.post('v2/dashboards/update-sorting-settings', { json: body }).json(),
      ),
    createDashboardGroup: async (body) =>
      v.parse(DashboardGroup, await http.post('v2/dashboards/groups', { json: body }).json()),
    updateDashboardGroup: async (body) =>
      v.parse(DashboardGroup, await http.put('v2/dashboards/groups', { json: body }).json()),
    async deleteDashboardGroup(id) {
      await http.delete(`v2/dashboards/groups/${encodeURIComponent(id)}`);
    },
    validateDashboardGroupName: async ({ id, name }) =>
      v.parse(
        GroupNameValidation,
        await http.get('v2/dashboards/groups/validate/name', { searchParams: params({ id, name }) }).json(),
      ).valid,
    async saveWidget(body) {
      try {
        return v.parse(OpenedDashboard, await http.post('v2/dashboards/widgets', { json: body }).json());
      } catch (error) {
        return conflictOr(error);
      }
    },
    saveMarkAreaElements: async (where, annotations) =>
      v.parse(
        MarkAreaElements,
        await http
          .post('v2/dashboards/widgets/mark-area-elements', {
            searchParams: params(where),
            json: annotations,
          })
          .json(),
      ),
  };
}
