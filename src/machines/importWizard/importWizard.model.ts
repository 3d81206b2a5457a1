import * as v from 'valibot';
import {
  DashboardImportFile,
  type Department,
  type DeviceTreeItem,
  type Widget,
  type WidgetElement,
} from '#contracts';

/** A department of a file's device and the chosen device's department replacing it (its key). */
export interface DepartmentMapping {
  department: number;
  subDepartment: number;
  key: string | null;
}

/** A device of the file (by hexacode), the user's device replacing it (its tree key), and its departments. */
export interface DeviceMapping {
  hexacode: string;
  key: string | null;
  departments: DepartmentMapping[];
}

/** The file's text as an import document, or null when it is not JSON of an exported dashboard. */
export function parseImportFile(text: string): DashboardImportFile | null {
  try {
    const parsed = v.safeParse(DashboardImportFile, JSON.parse(text));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The devices a file's device can map to: every device of the tree, business groups' members included. */
export const choosableDevices = (tree: DeviceTreeItem[]): DeviceTreeItem[] =>
  tree.flatMap((item) => [
    ...(item.type === 'BUSINESS_GROUP' ? [] : [item]),
    ...choosableDevices(item.devices),
  ]);

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const elementsOf = (widgets: Widget[]): WidgetElement[] => widgets.flatMap((w) => w.elements);

/** The likely replacement: the device with the same hexacode (or raw hexacode). */
const suggestedDevice = (hexacode: string, devices: DeviceTreeItem[]) =>
  devices.find((d) => sameCode(d.hexacode, hexacode) || sameCode(d.rawHexacode, hexacode));

/** The likely replacement department: the chosen device's one with the same numbers. */
const suggestedDepartment = (device: DeviceTreeItem | undefined, mapping: DepartmentMapping) =>
  device?.departments.find(
    (d) => d.department === mapping.department && d.subDepartment === mapping.subDepartment,
  )?.key ?? null;

const withSuggestions = (departments: DepartmentMapping[], device: DeviceTreeItem | undefined) =>
  departments.map((mapping) => ({ ...mapping, key: suggestedDepartment(device, mapping) }));

/** One mapping per distinct device of the widgets' elements, with its distinct departments, suggested. */
export function mappingsOf(widgets: Widget[], devices: DeviceTreeItem[]): DeviceMapping[] {
  const mappings = new Map<string, DeviceMapping>();
  for (const element of elementsOf(widgets)) {
    if (!element.hexacode) continue;
    const mapping = mappings.get(element.hexacode) ?? {
      hexacode: element.hexacode,
      key: null,
      departments: [],
    };
    mappings.set(element.hexacode, mapping);
    const department = element.department;
    const subDepartment = element.subDepartment ?? 0;
    if (
      department !== null &&
      !mapping.departments.some((d) => d.department === department && d.subDepartment === subDepartment)
    )
      mapping.departments.push({ department, subDepartment, key: null });
  }
  return [...mappings.values()].map((mapping) => {
    const device = suggestedDevice(mapping.hexacode, devices);
    return {
      ...mapping,
      key: device?.key ?? null,
      departments: withSuggestions(mapping.departments, device),
    };
  });
}

/** A device chosen for `hexacode`: its departments are suggested again from the chosen device. */
export const withDevice = (
  mappings: DeviceMapping[],
  devices: DeviceTreeItem[],
  hexacode: string,
  key: string | null,
): DeviceMapping[] =>
  mappings.map((m) =>
    m.hexacode === hexacode
      ? {
          ...m,
          key,
          departments: withSuggestions(
            m.departments,
            devices.find((d) => d.key === key),
          ),
        }
      : m,
  );

export const withDepartment = (
  mappings: DeviceMapping[],
  hexacode: string,
  { department, subDepartment, key }: DepartmentMapping,
): DeviceMapping[] =>
  mappings.map((m) =>
    m.hexacode === hexacode
      ? {
          ...m,
          departments: m.departments.map((d) =>
            d.department === department && d.subDepartment === subDepartment ? { ...d, key } : d,
          ),
        }
      : m,
  );

/** SPEC §5: every device and department replacement is required. */
export const mappingsComplete = (mappings: DeviceMapping[]): boolean =>
  mappings.every((m) => m.key !== null && m.departments.every((d) => d.key !== null));

/** The widgets with every element's device and department replaced by the chosen ones. */
export function mappedWidgets(
  widgets: Widget[],
  mappings: DeviceMapping[],
  devices: DeviceTreeItem[],
): Widget[] {
  const mapElement = <E extends WidgetElement>(element: E): E => {
    const mapping = mappings.find((m) => m.hexacode === element.hexacode);
    const device = devices.find((d) => d.key === mapping?.key);
    if (!mapping || !device) return element;
    const subDepartment = element.subDepartment ?? 0;
    const departmentKey = mapping.departments.find(
      (d) => d.department === element.department && d.subDepartment === subDepartment,
    )?.key;
    const department: Department | undefined = device.departments.find((d) => d.key === departmentKey);
    return {
      ...element,
      hexacode: device.hexacode,
      rawHexacode: device.rawHexacode,
      ...(department ? { department: department.department, subDepartment: department.subDepartment } : {}),
    };
  };
  return widgets.map((widget) => ({ ...widget, elements: widget.elements.map(mapElement) }) as Widget);
}
