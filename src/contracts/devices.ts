import * as v from 'valibot';
import { HEXACODE } from './common';
import { AvailableBuffer } from './history';

/** Device and department status (SPEC §4). */
export const DeviceStatus = v.picklist(['ON', 'ON_ALARM', 'OFF', 'OFF_ALARM']);
export type DeviceStatus = v.InferOutput<typeof DeviceStatus>;

/** Line data status (SPEC §4); only OK carries value and unit. */
export const LINE_STATUSES = [
  'OK',
  'DEVICE_NOT_FOUND',
  'DEVICE_CAN_RECEIVED',
  'ADF_NOT_FOUND',
  'UNAUTHORIZED',
  'LINE_NOT_PRESENT',
  'LINE_NOT_PRESENT_IN_ADF',
  'DEPARTMENT_NOT_PRESENT',
  'PAGE_NOT_PRESENT',
  'NO_DATA',
  'ERROR',
] as const;
export const LineStatus = v.picklist(LINE_STATUSES);
export type LineStatus = v.InferOutput<typeof LineStatus>;

export const DeviceType = v.picklist(['BUSINESS_GROUP', 'REAL_DEVICE', 'VIRTUAL_DEVICE']);
export type DeviceType = v.InferOutput<typeof DeviceType>;

const hexacode = v.pipe(v.string('hexacode must be a string'), v.regex(HEXACODE, 'hexacode is invalid'));
/** A department or sub-department number of a device: 0 to 255. */
export const departmentNumber = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be an integer`),
    v.minValue(0),
    v.maxValue(255),
  );
/** A page or line number: from 1, and never past what the database stores (an int4). */
const positive = (name: string) =>
  v.pipe(
    v.number(`${name} must be a number`),
    v.integer(`${name} must be an integer`),
    v.minValue(1),
    v.maxValue(2_147_483_647, `${name} must be at most 2147483647`),
  );

export const LineOption = v.object({ label: v.string(), index: v.number() });

/** What a writable numeric line accepts, from its ADF: bounds (null when open) and step in the line's unit. */
export const LineLimits = v.object({
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  step: v.number(),
  unit: v.string(),
});
export type LineLimits = v.InferOutput<typeof LineLimits>;

export const Line = v.object({
  id: v.string(),
  number: v.number(),
  lineNumber: v.number(),
  status: LineStatus,
  value: v.nullable(v.string()),
  unit: v.nullable(v.string()),
  name: v.string(),
  customName: v.nullable(v.string()),
  page: v.number(),
  pageNumber: v.number(),
  hexacode: v.string(),
  department: v.number(),
  subDepartment: v.number(),
  readOnly: v.boolean(),
  options: v.array(LineOption),
  isFactorySettings: v.boolean(),
  /** Null for read-only lines and lines with options. */
  limits: v.optional(v.nullable(LineLimits), null),
  /** Buffers recording this line, of the PC numbers the user may use (SPEC §3 availableBuffers). */
  availableBuffers: v.optional(v.array(AvailableBuffer), []),
});
export type Line = v.InferOutput<typeof Line>;

export const Page = v.object({
  number: v.number(),
  name: v.string(),
  lines: v.optional(v.array(Line)),
});
export type Page = v.InferOutput<typeof Page>;

export const Department = v.object({
  department: v.number(),
  subDepartment: v.number(),
  key: v.string(),
  adf: v.nullable(v.string()),
  hexacode: v.string(),
  rawHexacode: v.string(),
  name: v.string(),
  status: DeviceStatus,
  configuration: v.nullable(v.object({ label: v.nullable(v.string()) })),
});
export type Department = v.InferOutput<typeof Department>;

export interface DeviceTreeItem {
  type: DeviceType;
  hexacode: string;
  rawHexacode: string;
  key: string;
  name: string;
  status: DeviceStatus;
  /** Online but reporting nothing for its model's stale period (absent: false). */
  silent?: boolean;
  networkNumber: number | null;
  adf: string | null;
  configuration: { label: string | null } | null;
  departments: Department[];
  devices: DeviceTreeItem[];
  order: number;
}

export const DeviceTreeItem: v.GenericSchema<DeviceTreeItem> = v.object({
  type: DeviceType,
  hexacode: v.string(),
  rawHexacode: v.string(),
  key: v.string(),
  name: v.string(),
  status: DeviceStatus,
  silent: v.optional(v.boolean()),
  networkNumber: v.nullable(v.number()),
  adf: v.nullable(v.string()),
  configuration: v.nullable(v.object({ label: v.nullable(v.string()) })),
  departments: v.array(Department),
  devices: v.array(v.lazy(() => DeviceTreeItem)),
  order: v.number(),
});

/** GET /api/v2/devices/ */
export const DeviceTree = v.array(DeviceTreeItem);

/** POST /api/v2/devices/departments/names: body */
export const DepartmentNamesRequest = v.array(
  v.object({
    key: v.string(),
    adf: v.nullish(v.string()),
    hexacode,
    rawHexacode: hexacode,
    department: departmentNumber('department'),
    subDepartment: departmentNumber('subDepartment'),
  }),
);
/** …and answer: one labelled name per requested key. */
export const DepartmentNamesResponse = v.array(
  v.object({
    key: v.string(),
    name: v.string(),
    status: DeviceStatus,
    configuration: v.nullable(v.object({ label: v.nullable(v.string()) })),
  }),
);

/** POST /api/v2/devices/departments/pages */
export const PagesRequest = v.object({
  adf: v.nullish(v.string()),
  hexacode,
  rawHexacode: hexacode,
  department: departmentNumber('department'),
  subDepartment: departmentNumber('subDepartment'),
});
export const PagesResponse = v.object({ status: LineStatus, pages: v.array(Page) });

/** POST /api/v2/devices/pages/lines and /pages/lines/refresh */
export const LinesRequest = v.object({
  hexacode,
  rawHexacode: hexacode,
  department: departmentNumber('department'),
  subDepartment: departmentNumber('subDepartment'),
  page: positive('page'),
  adf: v.nullish(v.string()),
  departmentName: v.nullish(v.string()),
});
export const LinesResponse = v.object({ status: LineStatus, lines: v.array(Line) });

/** PUT /api/v2/devices/pages/lines: 200 only when the device accepted the value. */
export const LineWriteRequest = v.object({
  hexacode,
  department: departmentNumber('department'),
  subDepartment: departmentNumber('subDepartment'),
  page: positive('page'),
  line: positive('line'),
  value: v.union(
    [v.pipe(v.string('value is required'), v.trim(), v.nonEmpty('value is required')), v.number()],
    'value is required',
  ),
});
export type LineWriteRequest = v.InferOutput<typeof LineWriteRequest>;

/** What became of a line write: the device said yes or no, never answered, or could not be reached. */
export const LINE_WRITE_RESULTS = ['ACCEPTED', 'REFUSED', 'TIMEOUT', 'UNAVAILABLE'] as const;
/** The answer body of a line write that was not accepted (with the HTTP status the route chooses). */
export const LineWriteResult = v.object({
  result: v.picklist(LINE_WRITE_RESULTS),
  reason: v.optional(v.string()),
  status: v.optional(LineStatus),
  message: v.optional(v.string()),
});

/** Socket events (type + payload) fed by the gateway. */
export const DeviceStatusEvent = v.object({
  type: v.literal('DeviceStatus'),
  payload: v.object({ hexacode: v.string(), status: DeviceStatus }),
});
export const DepartmentStatusEvent = v.object({
  type: v.literal('DepartmentStatus'),
  payload: v.object({
    hexacode: v.string(),
    department: v.number(),
    subDepartment: v.number(),
    status: DeviceStatus,
  }),
});
export const MappingStatusEvent = v.object({
  type: v.literal('MappingStatus'),
  payload: v.object({ hexacode: v.string(), memberHexacode: v.string(), status: DeviceStatus }),
});
/**
 * One line as it is pushed live: its value (a state's label in the user's language, or a number as text) and,
 * for a line of states, the state's index, which says the same in every language (a fan is on when it is not 0).
 */
export const LiveLine = v.object({
  ...v.pick(Line, ['number', 'status', 'value', 'unit']).entries,
  state: v.optional(v.nullable(v.number()), null),
});
export type LiveLine = v.InferOutput<typeof LiveLine>;

/** When a department's values were reported (ms, null: never) and whether that is older than its stale period. */
const freshness = {
  reportedAt: v.optional(v.nullable(v.number()), null),
  stale: v.optional(v.boolean(), false),
};

/**
 * The values of a page: its snapshot (the answer to a Subscribe), then the lines that changed. `reportedAt` and
 * `stale` are its department's as the server knows them when it sends.
 */
export const LineValuesEvent = v.object({
  type: v.literal('LineValues'),
  payload: v.object({
    hexacode: v.string(),
    department: v.number(),
    subDepartment: v.number(),
    page: v.number(),
    lines: v.array(LiveLine),
    ...freshness,
  }),
});

/**
 * The report times and staleness of the departments a client watches, when they changed: staleness as soon as
 * the server sees it change, report times at most every REPORTED_RESEND_MS (a page whose values do not change).
 */
export const FreshnessEvent = v.object({
  type: v.literal('Freshness'),
  payload: v.object({
    departments: v.array(
      v.object({ hexacode: v.string(), department: v.number(), subDepartment: v.number(), ...freshness }),
    ),
  }),
});

/** A device online stopped reporting for its stale period (silent), or reports again; to the whole tenant. */
export const DeviceSilenceEvent = v.object({
  type: v.literal('DeviceSilence'),
  payload: v.object({ hexacode: v.string(), silent: v.boolean(), reportedAt: freshness.reportedAt }),
});
