import { randomUUID } from 'node:crypto';
import type { WidgetInput } from '#contracts';
import type { AdfRegistry } from '../gateway/adf/loader';
import { demoFleet } from '../simulator/fleet';

// Builders of the demo dashboards' widgets: elements named as the widget element dialog names them.

/** A line of a demo device: hexacode, department, subDepartment, page, line. */
export type LineRef = readonly [
  hexacode: string,
  department: number,
  subDepartment: number,
  page: number,
  line: number,
];

/** CC-410, PK-850 and BC-300 line numbers (server/adf/*.json) the dashboards use. */
export const CASE = {
  airTemp: [1, 1],
  evapTemp: [1, 4],
  fans: [1, 7],
  cooling: [1, 8],
  setpoint: [2, 1],
} as const;
export const SUCTION = {
  pressure: [1, 1],
  suctionTemp: [1, 2],
  superheat: [1, 4],
  capacity: [1, 5],
} as const;
export const CONDENSER = {
  discharge: [1, 1],
  condensing: [1, 2],
  ambient: [1, 3],
  fanSpeed: [1, 5],
} as const;
export const ZONE = { temperature: [1, 1], humidity: [1, 2] } as const;

export const line = (
  hexacode: string,
  department: number,
  subDepartment: number,
  at: readonly [number, number],
) => [hexacode, department, subDepartment, at[0], at[1]] as const;

export type ElementExtra = Record<string, unknown>;

function element(
  [hexacode, department, subDepartment, pageNumber, lineNumber]: LineRef,
  extra: ElementExtra = {},
) {
  return {
    id: randomUUID(),
    type: 'REAL_DEVICE',
    hexacode,
    rawHexacode: hexacode,
    department,
    subDepartment,
    pageNumber,
    lineNumber,
    ...extra,
  };
}

export function widget(
  type: WidgetInput['type'],
  name: string,
  [x, y, w, h]: readonly [number, number, number, number],
  lines: readonly (LineRef | readonly [LineRef, ElementExtra])[],
  extra: ElementExtra = {},
): WidgetInput {
  const id = randomUUID();
  return {
    id,
    type,
    name,
    position: { i: id, x, y, w, h },
    elements: lines.map((entry, order) =>
      typeof entry[0] === 'string'
        ? element(entry as LineRef, { order })
        : element((entry as [LineRef, ElementExtra])[0], { order, ...(entry as [LineRef, ElementExtra])[1] }),
    ),
    ...extra,
  } as WidgetInput;
}

/** Every line of a device page, as the elements of a PAGE widget. */
export function pageLines(
  adfs: AdfRegistry,
  model: string,
  ref: readonly [string, number, number],
  page: number,
) {
  const [hexacode, department, subDepartment] = ref;
  const kind = adfs.get(model)?.kindOf(department, subDepartment);
  const lines = kind?.pages.get(page)?.lines ?? [];
  if (lines.length === 0)
    throw new Error(`demo dashboards: ${model} has no page ${page} in ${department}.${subDepartment}`);
  return lines.map((l): LineRef => [hexacode, department, subDepartment, page, l.number]);
}

type SeedElement = NonNullable<WidgetInput['elements']>[number];

/**
 * An element as the widget element dialog stores it: the line's name and unit, and a label naming the device
 * and department (unless the seed gave a shorter one).
 */
export function described(element: SeedElement, adfs: AdfRegistry): SeedElement {
  const device = demoFleet.devices.find((candidate) => candidate.hexacode === element.hexacode);
  const adf = device && adfs.get(device.model);
  const { department, subDepartment, pageNumber, lineNumber } = element;
  if (
    !device ||
    !adf ||
    department == null ||
    subDepartment == null ||
    pageNumber == null ||
    lineNumber == null
  )
    return element;
  const adfLine = adf.kindOf(department, subDepartment)?.line(pageNumber, lineNumber);
  const departmentName = adf.department(department, subDepartment)?.name;
  return {
    ...element,
    dataName: element.dataName ?? adfLine?.name ?? null,
    unit: element.unit ?? adfLine?.unit ?? null,
    label: element.label ?? (departmentName ? `${device.name} · ${departmentName}` : device.name),
  };
}

export interface DemoDashboard {
  name: string;
  group: string | null;
  favorite: boolean;
  widgets: WidgetInput[];
}
