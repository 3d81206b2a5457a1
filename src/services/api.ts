import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  AccountSettings,
  Dashboard,
  DashboardDeleted,
  DashboardGroup,
  DashboardsList,
  DashboardSummary,
  DashboardVersionConflict,
  DepartmentNamesResponse,
  GroupNameValidation,
  MarkAreaElements,
  DeviceTree,
  LinesResponse,
  LOCKED_MESSAGE_HEADER,
  MfaRequired,
  PagesResponse,
  Session,
  Theme,
  type Annotation,
  type DashboardCreate,
  type DashboardImportInput,
  type DashboardGroupSave,
  type DashboardsSorting,
  type DashboardUpdateInput,
  type DeviceConfigurationSave,
  type WidgetSave,
  type DeviceTreeItem,
  type LineWriteRequest,
  type LoginRequest,
} from './contracts';
import type { DepartmentNamesRequest, LinesRequest, PagesRequest } from './contracts';
import type { WidgetDownloadBody, WidgetDownloadQuery } from './contracts';

/** What a login attempt can end in, besides a transport failure. */
export type LoginOutcome = { kind: 'session'; session: Session } | { kind: 'mfaRequired' };

/** Why a login attempt was refused; the login machine turns it into the message SPEC §8 asks for. */
export type LoginFailure =
  { kind: 'invalidCredentials' } | { kind: 'locked'; message: string } | { kind: 'unavailable' };

/** What the device answered to a line write (SPEC §7: any status but 200 means it did not accept it). */
export type LineWriteOutcome = 'accepted' | 'refused';
/** Statuses of a write the device refused (409) or did not answer in time (504); others are failures. */
const REFUSED_WRITE_STATUSES: readonly number[] = [409, 504];

export type DepartmentNamesQuery = v.InferInput<typeof DepartmentNamesRequest>;
export type DepartmentName = v.InferOutput<typeof DepartmentNamesResponse>[number];
export type PagesQuery = v.InferInput<typeof PagesRequest>;
export type PagesResult = v.InferOutput<typeof PagesResponse>;
export type LinesQuery = v.InferInput<typeof LinesRequest>;
export type LinesResult = v.InferOutput<typeof LinesResponse>;

/** Thrown by dashboard and widget saves answered 409: someone saved first; `currentVersion` is the stored one. */
export class DashboardConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super('DASHBOARD_VERSION_CONFLICT');
    this.name = 'DashboardConflictError';
  }
}

/** A dashboard export: the document and the file name the server gave it. */
export interface DashboardExport {
  dashboard: Dashboard;
  fileName: string;
}

export type DashboardCreateInput = v.InferInput<typeof DashboardCreate>;
export type DashboardGroupSaveInput = v.InferInput<typeof DashboardGroupSave>;
export type DashboardGroupUpdateInput = DashboardGroupSaveInput & { id: string };
export type DashboardsSortingInput = v.InferInput<typeof DashboardsSorting>;
export type WidgetSaveInput = v.InferInput<typeof WidgetSave>;

async function conflictOr(error: unknown): Promise<never> {
  if (error instanceof HTTPError && error.response.status === 409) {
    const parsed = v.safeParse(DashboardVersionConflict, await error.response.json().catch(() => null));
    if (parsed.success) throw new DashboardConflictError(parsed.output.currentVersion);
  }
  throw error;
}

/** The file name of a content-disposition header (RFC 5987 form first). */
function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

const params = (entries: Record<string, string | undefined>) =>
  new URLSearchParams(
    Object.entries(entries).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

export const BuildInfo = v.object({ buildId: v.string() });

export interface Api {
  login(request: LoginRequest): Promise<LoginOutcome>;
  logout(): Promise<void>;
  fetchTheme(): Promise<Theme>;
  fetchAccountSettings(): Promise<AccountSettings>;
  /** The build id of the deployed SPA (dist/version.json, outside /api). */
  fetchBuildId(): Promise<string>;
  /** GET /api/v2/devices/: business groups and devices of the tenant, with their departments. */
  getDeviceTree(): Promise<DeviceTreeItem[]>;
  departmentNames(request: DepartmentNamesQuery): Promise<DepartmentName[]>;
  pages(request: PagesQuery): Promise<PagesResult>;
  lines(request: LinesQuery): Promise<LinesResult>;
  /** Asks the device for fresh values of a page, answered like `lines`. */
  refreshLines(request: LinesQuery): Promise<LinesResult>;
  /** 'accepted' on 200, 'refused' on 409/504; any other answer or a transport failure throws. */
  writeLine(request: LineWriteRequest): Promise<LineWriteOutcome>;
  saveDeviceConfiguration(save: DeviceConfigurationSave): Promise<void>;

  // Dashboards (server/src/modules/dashboards/routes.ts), every answer parsed by its contract.
  /** GET /api/v2/dashboards/: dashboards without widgets, groups and the dashboards sort settings. */
  listDashboards(): Promise<DashboardsList>;
  /** GET /api/v2/dashboards/{id}: one dashboard with its widgets. */
  getDashboard(id: string): Promise<Dashboard>;
  /** POST /api/v2/dashboards/: the server decides whether it becomes the favorite. */
  createDashboard(body: DashboardCreateInput): Promise<Dashboard>;
  /** PUT /api/v2/dashboards/; a stale version throws DashboardConflictError. */
  updateDashboard(body: DashboardUpdateInput): Promise<Dashboard>;
  /** DELETE /api/v2/dashboards/{id}: answers the favorite afterwards. */
  deleteDashboard(id: string): Promise<DashboardDeleted>;
  /** POST /api/v2/dashboards/{id}/favorite */
  favoriteDashboard(id: string): Promise<DashboardSummary>;
  /** POST /api/v2/dashboards/{id}/rename?name= */
  renameDashboard(id: string, name: string): Promise<Dashboard>;
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
  saveWidget(body: WidgetSaveInput): Promise<Dashboard>;
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

async function toLoginFailure(error: unknown): Promise<LoginFailure> {
  if (!(error instanceof HTTPError)) return { kind: 'unavailable' };
  const { status, headers } = error.response;
  if (status === 401) return { kind: 'invalidCredentials' };
  if (status === 423) return { kind: 'locked', message: headers.get(LOCKED_MESSAGE_HEADER) ?? '' };
  return { kind: 'unavailable' };
}

export function createApi(http: KyInstance, versionUrl: string): Api {
  return {
    async login(request) {
      try {
        const response = await http.post('login', { json: request });
        const body: unknown = await response.json();
        if (response.status === 202) {
          v.parse(MfaRequired, body);
          return { kind: 'mfaRequired' };
        }
        return { kind: 'session', session: v.parse(Session, body) };
      } catch (error) {
        throw await toLoginFailure(error);
      }
    },
    async logout() {
      await http.post('logout');
    },
    fetchTheme: async () => v.parse(Theme, await http.get('themes').json()),
    fetchAccountSettings: async () => v.parse(AccountSettings, await http.get('v2/account/settings').json()),
    async fetchBuildId() {
      // Outside the API prefix and never cached: the whole point is to see a newer deployment.
      const body = await http.get(versionUrl, { prefixUrl: '', cache: 'no-store' }).json();
      return v.parse(BuildInfo, body).buildId;
    },
    getDeviceTree: async () => v.parse(DeviceTree, await http.get('v2/devices/').json()),
    departmentNames: async (request) =>
      v.parse(
        DepartmentNamesResponse,
        await http.post('v2/devices/departments/names', { json: request }).json(),
      ),
    pages: async (request) =>
      v.parse(PagesResponse, await http.post('v2/devices/departments/pages', { json: request }).json()),
    lines: async (request) =>
      v.parse(LinesResponse, await http.post('v2/devices/pages/lines', { json: request }).json()),
    refreshLines: async (request) =>
      v.parse(LinesResponse, await http.post('v2/devices/pages/lines/refresh', { json: request }).json()),
    async writeLine(request) {
      try {
        await http.put('v2/devices/pages/lines', { json: request });
        return 'accepted';
      } catch (error) {
        if (error instanceof HTTPError && REFUSED_WRITE_STATUSES.includes(error.response.status))
          return 'refused';
        throw error;
      }
    },
    async saveDeviceConfiguration(save) {
      await http.post('v2/account/settings/devices', { json: save });
    },

    listDashboards: async () => v.parse(DashboardsList, await http.get('v2/dashboards/').json()),
    getDashboard: async (id) =>
      v.parse(Dashboard, await http.get(`v2/dashboards/${encodeURIComponent(id)}`).json()),
    createDashboard: async (body) =>
      v.parse(Dashboard, await http.post('v2/dashboards/', { json: body }).json()),
    async updateDashboard(body) {
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
        Dashboard,
        await http
          .post(`v2/dashboards/${encodeURIComponent(id)}/rename`, { searchParams: params({ name }) })
          .json(),
      ),
    async exportDashboard(id) {
      const response = await http.get(`v2/dashboards/${encodeURIComponent(id)}/export`);
      const dashboard = v.parse(Dashboard, await response.json());
      const fileName = fileNameOf(response.headers.get('content-disposition'), `${dashboard.name}.json`);
      return { dashboard, fileName };
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
        return v.parse(Dashboard, await http.post('v2/dashboards/widgets', { json: body }).json());
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
