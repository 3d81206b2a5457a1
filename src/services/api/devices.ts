import * as v from 'valibot';
import { HTTPError, type KyInstance } from 'ky';
import {
  DepartmentNamesResponse,
  DeviceTree,
  LinesResponse,
  LineWriteResult,
  PagesResponse,
  type DepartmentNamesRequest,
  type DeviceConfigurationSave,
  type DeviceTreeItem,
  type LinesRequest,
  type LineWriteRequest,
  type PagesRequest,
} from '#contracts';

/**
 * What became of a line write (SPEC §7: any status but 200 means the device did not take it), with the reason the
 * operator is told: refused (out of range, or for its own reasons), no answer in time, or the device offline.
 */
export type LineWriteOutcome = 'accepted' | 'refused' | 'outOfRange' | 'noAnswer' | 'offline';

/** The reason of a 409 or 504 answer, read from its LineWriteResult body; other answers are failures. */
async function notWritten(response: Response): Promise<LineWriteOutcome | null> {
  if (response.status === 504) return 'noAnswer';
  if (response.status !== 409) return null;
  const body = v.safeParse(LineWriteResult, await response.json().catch(() => null));
  if (!body.success || body.output.result === 'REFUSED')
    return body.success && body.output.reason === 'OUT_OF_RANGE' ? 'outOfRange' : 'refused';
  return body.output.result === 'UNAVAILABLE' ? 'offline' : 'refused';
}

export type DepartmentNamesQuery = v.InferInput<typeof DepartmentNamesRequest>;
export type DepartmentName = v.InferOutput<typeof DepartmentNamesResponse>[number];
export type PagesQuery = v.InferInput<typeof PagesRequest>;
type PagesResult = v.InferOutput<typeof PagesResponse>;
export type LinesQuery = v.InferInput<typeof LinesRequest>;
type LinesResult = v.InferOutput<typeof LinesResponse>;

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
        const outcome = error instanceof HTTPError ? await notWritten(error.response) : null;
        if (outcome) return outcome;
        throw error;
      }
    },
    async saveDeviceConfiguration(save) {
      await http.post('v2/account/settings/devices', { json: save });
    },
  };
}
