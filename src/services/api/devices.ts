import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  DepartmentNamesResponse,
  DeviceTree,
  LinesResponse,
  PagesResponse,
  type DepartmentNamesRequest,
  type DeviceConfigurationSave,
  type DeviceTreeItem,
  type LinesRequest,
  type LineWriteRequest,
  type PagesRequest,
} from '../contracts';

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

/** The tenant's devices: their tree, departments, pages and lines, line writes and device configuration. */
export interface DevicesApi {
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

export function createDevicesApi(http: KyInstance): DevicesApi {
  return {
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
