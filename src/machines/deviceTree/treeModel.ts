import type { Department, DeviceStatus, DeviceTreeItem, DeviceType } from '#contracts';
import type { DepartmentName, DepartmentNamesQuery, LinesQuery, PagesQuery } from '../../services/api';
import type { DepartmentAddress, PageAddress } from './deviceTree.events';

/**
 * Pure rules of the device tree (SPEC §3, §4). Row ids: `G:<hex>` a business group, `D:<hex>` a device
 * (standalone or member: a device belongs to one group at most), `<hex>:<dep>:<sub>` a department and
 * `<hex>:<dep>:<sub>:<page>` a page. Hexacodes are compared upper-case.
 */
const groupId = (hexacode: string) => `G:${hexacode.toUpperCase()}`;
const deviceId = (hexacode: string) => `D:${hexacode.toUpperCase()}`;
export const itemId = (item: DeviceTreeItem) =>
  item.type === 'BUSINESS_GROUP' ? groupId(item.hexacode) : deviceId(item.hexacode);
export const departmentKey = (a: DepartmentAddress) =>
  `${a.hexacode.toUpperCase()}:${a.department}:${a.subDepartment}`;
export const pageKey = (a: PageAddress) => `${departmentKey(a)}:${a.page}`;
/** Department key (`<hex>:<dep>:<sub>`) back to its address. */
export function parseDepartment(key: string) {
  const [hexacode = '', department = '', subDepartment = ''] = key.split(':');
  return { hexacode, department: Number(department), subDepartment: Number(subDepartment) };
}
const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** SPEC §4: the online, offline, alarm and cleared counterparts of a status. */
const onlineStatus = (s: DeviceStatus): DeviceStatus =>
  s === 'OFF' ? 'ON' : s === 'OFF_ALARM' ? 'ON_ALARM' : s;
const offlineStatus = (s: DeviceStatus): DeviceStatus =>
  s === 'ON' ? 'OFF' : s === 'ON_ALARM' ? 'OFF_ALARM' : s;
const isOnline = (s: DeviceStatus) => s === 'ON' || s === 'ON_ALARM';
export const isOffline = (s: DeviceStatus) => s.includes('OFF');

/** Every device-like item (groups, standalone devices, members) with the group holding it. */
export function* walkItems(
  items: readonly DeviceTreeItem[],
): Generator<{ item: DeviceTreeItem; group: DeviceTreeItem | null }> {
  for (const item of items) {
    yield { item, group: null };
    for (const member of item.devices) yield { item: member, group: item };
  }
}

export function findById(items: readonly DeviceTreeItem[], id: string) {
  for (const found of walkItems(items)) if (itemId(found.item) === id) return found;
  return null;
}

export function findDevice(items: readonly DeviceTreeItem[], hexacode: string) {
  for (const found of walkItems(items))
    if (found.item.type !== 'BUSINESS_GROUP' && same(found.item.hexacode, hexacode)) return found;
  return null;
}

/** The departments a node shows: its own and, for a business group, those of its members. */
export const departmentsOf = (item: DeviceTreeItem): Department[] => [
  ...item.departments,
  ...item.devices.flatMap((member) => member.departments),
];

export function findDepartmentIn(items: readonly DeviceTreeItem[], address: DepartmentAddress) {
  const key = departmentKey(address);
  for (const found of walkItems(items)) {
    const department = found.item.departments.find((d) => departmentKey(d) === key);
    if (department) return { ...found, department };
  }
  return null;
}

/** Maps every device-like item (members included) through `update`. */
function mapItems(
  items: DeviceTreeItem[],
  update: (item: DeviceTreeItem, group: DeviceTreeItem | null) => DeviceTreeItem,
): DeviceTreeItem[] {
  return items.map((item) => {
    const updated = update(item, null);
    return { ...updated, devices: updated.devices.map((member) => update(member, item)) };
  });
}

/** DeviceStatus: the device's status, and all its departments to the online or offline counterpart. */
export const withDeviceStatus = (items: DeviceTreeItem[], hexacode: string, status: DeviceStatus) =>
  mapItems(items, (item) =>
    item.type === 'BUSINESS_GROUP' || !same(item.hexacode, hexacode)
      ? item
      : {
          ...item,
          status,
          departments: item.departments.map((d) => ({
            ...d,
            status: isOnline(status) ? onlineStatus(d.status) : offlineStatus(d.status),
          })),
        },
  );

export const withDepartmentStatus = (
  items: DeviceTreeItem[],
  address: DepartmentAddress,
  status: DeviceStatus,
) =>
  mapItems(items, (item) => ({
    ...item,
    departments: item.departments.map((d) =>
      departmentKey(d) === departmentKey(address) ? { ...d, status } : d,
    ),
  }));

/** DeviceSilence: a device online that reports nothing (silent), or that reports again. */
export const withSilence = (items: DeviceTreeItem[], hexacode: string, silent: boolean) =>
  mapItems(items, (item) =>
    item.type === 'BUSINESS_GROUP' || !same(item.hexacode, hexacode) ? item : { ...item, silent },
  );

/** MappingStatus: the status of a member device inside its business group. */
export const withMappingStatus = (
  items: DeviceTreeItem[],
  groupHexacode: string,
  memberHexacode: string,
  status: DeviceStatus,
) =>
  mapItems(items, (item, group) =>
    group && same(group.hexacode, groupHexacode) && same(item.hexacode, memberHexacode)
      ? { ...item, status }
      : item,
  );

export const withNames = (items: DeviceTreeItem[], names: readonly DepartmentName[]) => {
  const byKey = new Map(names.map((n) => [n.key, n]));
  return mapItems(items, (item) => ({
    ...item,
    departments: item.departments.map((d) => {
      const named = byKey.get(d.key);
      return named ? { ...d, name: named.name, status: named.status, configuration: named.configuration } : d;
    }),
  }));
};

export const namesQuery = (departments: readonly Department[]): DepartmentNamesQuery =>
  departments.map(({ key, adf, hexacode, rawHexacode, department, subDepartment }) => ({
    key,
    adf,
    hexacode,
    rawHexacode,
    department,
    subDepartment,
  }));

export const pagesQuery = ({
  adf,
  hexacode,
  rawHexacode,
  department,
  subDepartment,
}: Department): PagesQuery => ({
  adf,
  hexacode,
  rawHexacode,
  department,
  subDepartment,
});

export const linesQuery = (d: Department, page: number, deviceType: DeviceType): LinesQuery => ({
  hexacode: d.hexacode,
  rawHexacode: d.rawHexacode,
  department: d.department,
  subDepartment: d.subDepartment,
  page,
  // SPEC §7: a real device adds its ADF and the department name.
  ...(deviceType === 'REAL_DEVICE' ? { adf: d.adf, departmentName: d.configuration?.label ?? d.name } : {}),
});
