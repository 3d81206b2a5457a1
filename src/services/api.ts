import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  AccountSettings,
  DepartmentNamesResponse,
  DeviceTree,
  LinesResponse,
  LOCKED_MESSAGE_HEADER,
  MfaRequired,
  PagesResponse,
  Session,
  Theme,
  type DeviceConfigurationSave,
  type DeviceTreeItem,
  type LineWriteRequest,
  type LoginRequest,
} from './contracts';
import type { DepartmentNamesRequest, LinesRequest, PagesRequest } from './contracts';

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
  };
}
