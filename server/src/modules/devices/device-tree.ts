import { compareNames, type Department, type DeviceTreeItem } from '#contracts';
import type { AuthSession } from '../auth/service';
import type { DeviceListRow, GroupRow, StoredConfiguration } from './rows';
import type { TreeRows } from './tree-rows';
import type { GatewayAccess } from './gateway-access';
import { worstStatus } from './status';

const departmentTreeKey = (hexacode: string, department: number, subDepartment: number) =>
  `${hexacode}-${department}-${subDepartment}`;

const KIND_RANK = { BUSINESS_GROUP: 0, REAL_DEVICE: 1, VIRTUAL_DEVICE: 2 } as const;
function ordered(items: DeviceTreeItem[], orders: Record<string, number>): DeviceTreeItem[] {
  const sorted = [...items].sort((a, b) => {
    const oa = orders[a.key] ?? Number.MAX_SAFE_INTEGER;
    const ob = orders[b.key] ?? Number.MAX_SAFE_INTEGER;
    if (oa !== ob) return oa - ob;
    if (a.type !== b.type) return KIND_RANK[a.type] - KIND_RANK[b.type];
    return compareNames(a.name, b.name) || a.key.localeCompare(b.key);
  });
  return sorted.map((item, index) => ({ ...item, order: index }));
}

/** The device tree of a tenant: business groups, devices and departments, with live statuses and user labels. */
export function createDeviceTree(access: GatewayAccess) {
  /** A device's departments, named by the user's labels, else by the ADF in the user's language. */
  async function departmentsOf(
    session: AuthSession,
    device: DeviceListRow,
    labels: Record<string, string>,
  ): Promise<Department[]> {
    const { departments } = await access.gateway.departments(
      session.tenant.name,
      device.hexacode,
      session.user.languageCode,
    );
    return departments.map((d) => {
      const key = departmentTreeKey(device.hexacode, d.department, d.subDepartment);
      const label = labels[key] ?? null;
      return {
        department: d.department,
        subDepartment: d.subDepartment,
        key,
        adf: device.type === 'REAL_DEVICE' ? device.model : null,
        hexacode: device.hexacode,
        rawHexacode: device.hexacode,
        name: label ?? d.name,
        status: d.status,
        configuration: label === null ? null : { label },
      };
    });
  }

  async function build(
    session: AuthSession,
    configuration: StoredConfiguration,
    { groups, devices: rows }: Pick<TreeRows, 'groups' | 'devices'>,
  ): Promise<DeviceTreeItem[]> {
    const tenant = session.tenant.name;
    const { labels, orders } = configuration;
    const item = async (row: DeviceListRow): Promise<DeviceTreeItem> => {
      const label = labels[row.hexacode] ?? null;
      return {
        type: row.type,
        hexacode: row.hexacode,
        rawHexacode: row.hexacode,
        key: row.hexacode,
        name: label ?? row.name,
        status: access.gateway.deviceStatus(tenant, row.hexacode),
        ...(access.gateway.isSilent(tenant, row.hexacode) ? { silent: true } : {}),
        networkNumber: null,
        adf: row.type === 'REAL_DEVICE' ? row.model : null,
        configuration: label === null ? null : { label },
        departments: await departmentsOf(session, row, labels),
        devices: [],
        order: 0,
      };
    };
    const groupItem = (group: GroupRow, members: DeviceTreeItem[]): DeviceTreeItem => {
      const label = labels[group.id] ?? null;
      return {
        type: 'BUSINESS_GROUP',
        hexacode: group.hexacode,
        rawHexacode: group.hexacode,
        key: group.id,
        name: label ?? group.name,
        status: worstStatus(members.map((m) => m.status)),
        networkNumber: group.networkNumber,
        adf: null,
        configuration: label === null ? null : { label },
        departments: [],
        devices: ordered(members, orders),
        order: 0,
      };
    };
    const items = await Promise.all(rows.map(item));
    const byGroup = new Map<string, DeviceTreeItem[]>();
    const standalone: DeviceTreeItem[] = [];
    rows.forEach((row, i) => {
      if (row.businessGroupId) {
        const list = byGroup.get(row.businessGroupId) ?? [];
        list.push(items[i]!);
        byGroup.set(row.businessGroupId, list);
      } else standalone.push(items[i]!);
    });
    const groupItems = groups.map((g) => groupItem(g, byGroup.get(g.id) ?? []));
    // The user's order first; items without one follow: business groups, real, then virtual devices, by name.
    return ordered([...groupItems, ...standalone], orders);
  }

  return { departmentsOf, build };
}

export type DeviceTree = ReturnType<typeof createDeviceTree>;
