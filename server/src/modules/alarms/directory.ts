import { and, eq } from 'drizzle-orm';
import type { AlarmPriority } from '#contracts';
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

    /** The ADF's name of a department (in `language`: English, the ADF's own, as stored at a raise). */
    department(model: string, department: number, subDepartment: number, language = 'en'): DepartmentFacts {
      const adf = adfs().get(model)?.in(language);
      return {
        departmentName: adf?.department(department, subDepartment)?.name ?? null,
        page: adf?.kindOf(department, subDepartment)?.doc.pages[0]?.number ?? 1,
      };
    },

    adfName: (model: string, code: string) => adfs().get(model)?.alarmName(code) ?? null,

    /** The ADF's priority of an alarm code, when the model ranks it. */
    adfPriority: (model: string, code: string): AlarmPriority | undefined => {
      const alarms = adfs().get(model)?.alarms;
      return alarms && Object.hasOwn(alarms, code) ? alarms[code]?.priority : undefined;
    },

    /** A department name stored at a raise in every language the model has, when it is the ADF's own name. */
    departmentNames(
      model: string,
      department: number,
      subDepartment: number,
      stored: string | null,
    ): Record<string, string> {
      const adf = adfs().get(model);
      if (!adf || stored === null || adf.department(department, subDepartment)?.name !== stored) return {};
      return Object.fromEntries(
        adf.languages.map((language) => [
          language,
          adf.in(language).department(department, subDepartment)?.name ?? stored,
        ]),
      );
    },

    /**
     * A department name stored at a raise, in `language` when it is the ADF's own name (a user's label, or a name
     * the model no longer has, stays as stored).
     */
    async departmentNameIn(
      language: string,
      row: { tenantId: string; hexacode: string; department: number; subDepartment: number },
      stored: string | null,
    ): Promise<string | null> {
      const model = (
        await deviceRows.get(`${row.tenantId}/${row.hexacode}`, () => loadDevice(row.tenantId, row.hexacode))
      )?.model;
      const adf = model === undefined ? undefined : adfs().get(model);
      if (!adf || stored === null || adf.department(row.department, row.subDepartment)?.name !== stored)
        return stored;
      return adf.in(language).department(row.department, row.subDepartment)?.name ?? stored;
    },
  };
}

export type AlarmDirectory = ReturnType<typeof createAlarmDirectory>;
