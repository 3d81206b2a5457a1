import type * as v from 'valibot';
import type { MessageId } from '../../i18n/messages';
import type {
  DeviceStatus,
  DeviceType,
  LinesRequest as LinesRequestSchema,
  LinesResponse as LinesResponseSchema,
} from '#contracts/devices';
import type { PageTopic } from '#contracts/socket';

export type LinesRequest = v.InferOutput<typeof LinesRequestSchema>;
export type LinesResponse = v.InferOutput<typeof LinesResponseSchema>;

/** Where a device page lives: the route /{hexacode}/{department}/{subDepartment}/pages/{page}. */
export interface PageAddress {
  hexacode: string;
  department: number;
  subDepartment: number;
  page: number;
}

/** What the device tree knows about the department of a page: its findDepartment answer, the device page's lookup. */
export type DepartmentLookup =
  | {
      kind: 'found';
      deviceName: string;
      deviceType: DeviceType;
      /** Name of the business group the device is a member of, else null. */
      groupName: string | null;
      departmentName: string;
      status: DeviceStatus;
      adf: string | null;
      rawHexacode: string;
      /** Name of the page when the tree has loaded the department's pages; the title falls back to the number. */
      pageName?: string | null;
    }
  | { kind: 'unknownDevice' }
  | { kind: 'unknownDepartment' };

export type FoundDepartment = Extract<DepartmentLookup, { kind: 'found' }>;

export const pageTopic = (address: PageAddress): PageTopic => ({ kind: 'page', ...address });

export const sameAddress = (a: PageAddress | null, b: PageAddress | null): boolean =>
  a !== null &&
  b !== null &&
  a.hexacode.toLowerCase() === b.hexacode.toLowerCase() &&
  a.department === b.department &&
  a.subDepartment === b.subDepartment &&
  a.page === b.page;

/** Catch-all path of SPEC §2 naming what was missing by catalogue id (the 404 screen translates it). */
export const notFoundPath = (message: MessageId): string =>
  `/not-found?message=${encodeURIComponent(message)}`;
