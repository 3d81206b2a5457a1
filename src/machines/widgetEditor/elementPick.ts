import type { DepartmentName } from '../../services/api';
import type { Department, DeviceTreeItem, Line } from '#contracts/devices';
import { walkItems } from '../deviceTree/treeModel';
import { newElement, type EditorElement } from './widgetDefaults';

/** The devices an element may read: standalone devices and business group members (groups have no lines). */
export const pickableDevices = (tree: readonly DeviceTreeItem[]): DeviceTreeItem[] =>
  [...walkItems(tree)].map(({ item }) => item).filter((item) => item.type !== 'BUSINESS_GROUP');

export const deviceName = (device: DeviceTreeItem) => device.configuration?.label || device.name;
export const departmentName = (department: Department) => department.configuration?.label || department.name;

export const findDevice = (devices: readonly DeviceTreeItem[], hexacode: string | null) =>
  devices.find((device) => device.hexacode === hexacode);

/** The key of the device's department at the element's address, if it has one. */
export function departmentKeyOf(device: DeviceTreeItem | undefined, element: EditorElement): string | null {
  const found = device?.departments.find(
    (d) => d.department === element.department && d.subDepartment === element.subDepartment,
  );
  return found?.key ?? null;
}

/** The departments with their labelled names (POST departments/names). */
export const withNames = (departments: readonly Department[], names: readonly DepartmentName[]) =>
  departments.map((department) => {
    const named = names.find((n) => n.key === department.key);
    return named ? { ...department, name: named.name, configuration: named.configuration } : department;
  });

/** Where a picked line is read: the fields SPEC §3 stores on the element, and its label 'device · department'. */
export const lineFields = (device: DeviceTreeItem, department: Department, line: Line) => ({
  hexacode: department.hexacode,
  rawHexacode: department.rawHexacode,
  department: department.department,
  subDepartment: department.subDepartment,
  pageNumber: line.pageNumber,
  lineNumber: line.number,
  dataName: line.name,
  label: `${deviceName(device)} · ${departmentName(department)}`,
  unit: line.unit,
});

/** A PAGE widget's page: one element a line of the page, in line order. */
export const pageElements = (device: DeviceTreeItem, department: Department, lines: readonly Line[]) =>
  lines.map((line, order) => ({
    ...newElement(order, { yAxisNumber: 0 }),
    ...lineFields(device, department, line),
  }));

/** SPEC §3 custom label: trimmed, null when blank or equal to the line's name. */
export function customLabel(text: string, lineName: string | null): string | null {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === lineName ? null : trimmed;
}
