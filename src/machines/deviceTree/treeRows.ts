import type { Department, DeviceStatus, DeviceTreeItem } from '#contracts';
import { compareNamesIn } from '#contracts/names';
import type { DeviceTreeContext } from './deviceTreeMachine';
import type { TreeSettings } from './deviceTree.events';
import { departmentKey, isOffline, itemId, pageKey } from './treeModel';

type TreeNotice = 'offline' | 'loading' | 'noPages';

/** One row of the flattened tree the sidebar renders (ARIA tree semantics ride along). */
export interface TreeRow {
  id: string;
  kind: 'group' | 'device' | 'department' | 'page' | 'notice';
  /** aria-level, from 1. */
  level: number;
  posInSet: number;
  setSize: number;
  label: string;
  /** Numbers or hexacode shown beside the label; '' when none. */
  status: DeviceStatus | null;
  /** A device online that reports nothing for its stale period (not offline). */
  silent: boolean;
  expandable: boolean;
  expanded: boolean;
  /** Route of a page row. */
  href: string | null;
  /** The page the route shows (aria-current). */
  current: boolean;
  notice: TreeNotice | null;
}

const labelOf = (x: { name: string; configuration: { label: string | null } | null }) =>
  x.configuration?.label?.trim() || x.name;

const deviceLabel = (item: DeviceTreeItem, settings: TreeSettings) =>
  item.type !== 'BUSINESS_GROUP' && settings.showHexacodesAsDeviceNames ? item.hexacode : labelOf(item);

const departmentLabel = (d: Department, settings: TreeSettings) =>
  settings.showDepartmentNumbers ? `${d.department}.${d.subDepartment} ${labelOf(d)}` : labelOf(d);

const matches = (item: DeviceTreeItem, query: string) =>
  [item.name, item.configuration?.label ?? '', item.hexacode].some((text) =>
    text.toLowerCase().includes(query),
  );

const KIND_RANK = { BUSINESS_GROUP: 0, REAL_DEVICE: 1, VIRTUAL_DEVICE: 2 } as const;

/**
 * SPEC §4 sorting of the tree: CUSTOM keeps the user's order (the server's); NAME sorts by what each row shows
 * (the hexacode while hexacodes name devices) in the collation of the user's language, business groups first
 * as the server sends them; the direction applies.
 */
function inShownOrder(items: readonly DeviceTreeItem[], settings: TreeSettings): DeviceTreeItem[] {
  if (settings.sorting.sortMode === 'CUSTOM') return [...items];
  const compare = compareNamesIn(settings.language);
  const sign = settings.sorting.sortDirection === 'DESC' ? -1 : 1;
  return [...items].sort(
    (a, b) =>
      KIND_RANK[a.type] - KIND_RANK[b.type] ||
      sign * compare(deviceLabel(a, settings), deviceLabel(b, settings)) ||
      a.order - b.order,
  );
}

/** Top-level items after the network-controller setting and the search, in the order they are shown. */
function topItems(context: DeviceTreeContext): DeviceTreeItem[] {
  const { items, settings, search } = context;
  // Without network controllers the business groups step aside and their members stand alone.
  const top = settings.showNetworkControllers
    ? items
    : items.flatMap((item) => (item.type === 'BUSINESS_GROUP' ? item.devices : [item]));
  const query = settings.showDevicesSearchBar ? search.trim().toLowerCase() : '';
  if (!query) return inShownOrder(top, settings);
  return inShownOrder(top, settings).flatMap((item) => {
    if (matches(item, query)) return [item];
    const members = item.devices.filter((member) => matches(member, query));
    return members.length ? [{ ...item, devices: members }] : [];
  });
}

function pushAll<T>(rows: TreeRow[], list: readonly T[], row: (x: T, pos: number, size: number) => void) {
  list.forEach((x, index) => row(x, index + 1, list.length));
  return rows;
}

/** The rows currently visible, top to bottom. */
export function buildRows(context: DeviceTreeContext): TreeRow[] {
  const { expanded, settings, pages, route } = context;
  const rows: TreeRow[] = [];
  const base = {
    href: null,
    notice: null,
    status: null,
    silent: false,
    expandable: true,
    expanded: false,
    current: false,
  };
  const currentPage = route ? pageKey(route) : null;

  const addDepartment = (d: Department, level: number, posInSet: number, setSize: number) => {
    const id = departmentKey(d);
    const open = expanded.department === id;
    rows.push({
      ...base,
      id,
      kind: 'department',
      level,
      posInSet,
      setSize,
      label: departmentLabel(d, settings),
      status: d.status,
      expanded: open,
    });
    if (!open) return;
    const loaded = pages[id];
    const notice: TreeNotice | null = isOffline(d.status)
      ? 'offline'
      : !loaded
        ? 'loading'
        : loaded.length === 0
          ? 'noPages'
          : null;
    if (notice) {
      rows.push({
        ...base,
        id: `${id}:${notice}`,
        kind: 'notice',
        level: level + 1,
        posInSet: 1,
        setSize: 1,
        label: '',
        expandable: false,
        notice,
      });
      return;
    }
    pushAll(rows, loaded!, (page, pos, size) =>
      rows.push({
        ...base,
        id: pageKey({ ...d, page: page.number }),
        kind: 'page',
        level: level + 1,
        posInSet: pos,
        setSize: size,
        label: `${page.number} ${page.name}`.trim(),
        expandable: false,
        href: `/${d.hexacode}/${d.department}/${d.subDepartment}/pages/${page.number}`,
        current: pageKey({ ...d, page: page.number }) === currentPage,
      }),
    );
  };

  const addItem = (item: DeviceTreeItem, level: number, posInSet: number, setSize: number) => {
    const id = itemId(item);
    const kind = item.type === 'BUSINESS_GROUP' ? 'group' : 'device';
    const open = expanded[kind] === id;
    rows.push({
      ...base,
      id,
      kind,
      level,
      posInSet,
      setSize,
      label: deviceLabel(item, settings),
      status: item.status,
      // Silent is a word about a device online; offline says more.
      silent: item.silent === true && !isOffline(item.status),
      expanded: open,
    });
    if (!open) return;
    const children = [
      ...inShownOrder(item.devices, settings).map((m) => ({ member: m })),
      ...item.departments.map((d) => ({ department: d })),
    ];
    pushAll(rows, children, (child, pos, size) =>
      'member' in child
        ? addItem(child.member, level + 1, pos, size)
        : addDepartment(child.department, level + 1, pos, size),
    );
  };

  return pushAll(rows, topItems(context), (item, pos, size) => addItem(item, 1, pos, size));
}
