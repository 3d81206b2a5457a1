import type { SnapshotFrom } from 'xstate';
import type { DeviceStatus, DeviceTreeItem } from '#contracts';
import type { DepartmentLookup } from '../devicePage/devicePage.types';
import type { DepartmentAddress } from './deviceTree.events';
import type { DeviceTreeContext, deviceTreeMachine } from './deviceTreeMachine';
import { buildRows, type TreeRow } from './treeRows';
import { departmentKey, findDepartmentIn, findDevice } from './treeModel';

type TreeSnapshot = SnapshotFrom<typeof deviceTreeMachine>;

/** Nothing to show yet: the first load runs (a reload keeps showing the tree it replaces). */
export const selectIsFirstLoading = (s: TreeSnapshot): boolean =>
  s.matches('loading') && s.context.items.length === 0;
export const selectLoadFailed = (s: TreeSnapshot): boolean => s.matches('failed');
export const selectItems = (s: TreeSnapshot): DeviceTreeItem[] => s.context.items;
export const selectShowSearch = (s: TreeSnapshot): boolean => s.context.settings.showDevicesSearchBar;
export const selectSearchText = (s: TreeSnapshot): string => s.context.search;
export const selectRevealId = (s: TreeSnapshot): string | null => s.context.revealId;

// Rows are rebuilt only when the context changes, so the list re-renders only then.
const rowsCache = new WeakMap<DeviceTreeContext, TreeRow[]>();
export const selectVisibleRows = (s: TreeSnapshot): TreeRow[] => {
  let rows = rowsCache.get(s.context);
  if (!rows) rowsCache.set(s.context, (rows = buildRows(s.context)));
  return rows;
};

export const selectDeviceStatus =
  (hexacode: string) =>
  (s: TreeSnapshot): DeviceStatus | null =>
    findDevice(s.context.items, hexacode)?.item.status ?? null;

const nameOf = (x: { name: string; configuration: { label: string | null } | null }) =>
  x.configuration?.label?.trim() || x.name;

export function findDepartment(
  s: TreeSnapshot,
  address: DepartmentAddress & { page?: number },
): DepartmentLookup {
  const device = findDevice(s.context.items, address.hexacode);
  if (!device) return { kind: 'unknownDevice' };
  const found = findDepartmentIn(s.context.items, address);
  if (!found) return { kind: 'unknownDepartment' };
  const page = s.context.pages[departmentKey(address)]?.find((p) => p.number === address.page);
  return {
    kind: 'found',
    deviceName: nameOf(found.item),
    deviceType: found.item.type,
    groupName: found.group ? nameOf(found.group) : null,
    departmentName: nameOf(found.department),
    status: found.department.status,
    adf: found.department.adf,
    rawHexacode: found.department.rawHexacode,
    pageName: page?.name ?? null,
  };
}
