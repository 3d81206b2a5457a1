import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessGroups, devices, tenants } from '../../db/schema';
import type { AdfRegistry } from '../../gateway/adf/loader';
import { CACHE_TTL_MS, MISS_TTL_MS, TtlCache } from '../devices/registry';

export interface AlarmDevice {
  tenantId: string;
  hexacode: string;
  name: string;
  model: string;
  group: { id: string; hexacode: string; name: string } | null;
}

/** What the ADF of a device's model says of one of its departments and alarm codes. */
export interface DepartmentFacts {
  departmentName: string | null;
  /** The first page of the department (1 when the model does not know the department). */
  page: number;
}

/** Devices, business groups and tenants as the alarms see them, cached briefly like the device registry. */
export function createAlarmDirectory(db: Database, adfs: () => AdfRegistry) {
  const tenantIds = new TtlCache<string>(CACHE_TTL_MS, MISS_TTL_MS);
  const deviceRows = new TtlCache<AlarmDevice>(CACHE_TTL_MS, MISS_TTL_MS);

  async function loadDevice(tenantId: string, hexacode: string): Promise<AlarmDevice | undefined> {
    const [row] = await db
      .select({
        name: devices.name,
        model: devices.model,
        groupId: businessGroups.id,
        groupHexacode: businessGroups.hexacode,
        groupName: businessGroups.name,
      })
      .from(devices)
      .leftJoin(businessGroups, eq(businessGroups.id, devices.businessGroupId))
      .where(and(eq(devices.tenantId, tenantId), eq(devices.hexacode, hexacode)))
      .limit(1);
    if (!row) return undefined;
    const { groupId, groupHexacode, groupName } = row;
    return {
      tenantId,
      hexacode,
      name: row.name,
      model: row.model,
      group:
        groupId && groupHexacode && groupName
          ? { id: groupId, hexacode: groupHexacode, name: groupName }
          : null,
    };
  }

  return {
    tenantId: (tenant: string) =>
      tenantIds.get(tenant, async () => {
        const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, tenant));
        return row?.id;
      }),

    device: (tenantId: string, hexacode: string) =>
      deviceRows.get(`${tenantId}/${hexacode}`, () => loadDevice(tenantId, hexacode)),

    department(model: string, department: number, subDepartment: number): DepartmentFacts {
      const adf = adfs().get(model);
      return {
        departmentName: adf?.department(department, subDepartment)?.name ?? null,
        page: adf?.kindOf(department, subDepartment)?.doc.pages[0]?.number ?? 1,
      };
    },

    adfName: (model: string, code: string) => adfs().get(model)?.alarmName(code) ?? null,
  };
}

export type AlarmDirectory = ReturnType<typeof createAlarmDirectory>;
