import type { DeviceTreeItem } from '#contracts';
import { compareNames } from '#contracts/names';
import { departmentName, deviceName, pickableDevices } from '../../machines/widgetEditor/elementPick';
import type { ListboxChoice } from '../primitives/Listbox';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.toUpperCase();

/** The user's devices for the history's device filter: 'name (hexacode)', by name; the value the hexacode. */
export const deviceChoices = (tree: readonly DeviceTreeItem[]): ListboxChoice[] =>
  pickableDevices(tree)
    .map((device) => ({ value: device.hexacode, label: `${deviceName(device)} (${device.hexacode})` }))
    .sort((a, b) => compareNames(a.label, b.label));

/**
 * The departments for the department filter ('1.0'): those of the chosen device with their names, else the
 * numbers every device has.
 */
export function departmentChoices(tree: readonly DeviceTreeItem[], hexacode: string): ListboxChoice[] {
  const device = pickableDevices(tree).find((candidate) => same(hexacode, candidate.hexacode));
  const number = (d: { department: number; subDepartment: number }) => `${d.department}.${d.subDepartment}`;
  if (device)
    return device.departments.map((d) => ({ value: number(d), label: `${number(d)} ${departmentName(d)}` }));
  const numbers = new Set(pickableDevices(tree).flatMap((candidate) => candidate.departments.map(number)));
  return [...numbers].sort(compareNames).map((value) => ({ value, label: value }));
}
