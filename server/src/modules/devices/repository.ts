import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { businessGroups, deviceConfigurations, devices } from '../../db/schema';
import type { DeviceListRow, GroupRow, StoredConfiguration } from './rows';
import { createTreeRows } from './tree-rows';

/** Every query names its tenant: one tenant's devices are never read through another's host. */
/** The columns of a device as the tree lists it. */
const deviceListColumns = {
  hexacode: devices.hexacode,
  name: devices.name,
  model: devices.model,
  type: devices.type,
  businessGroupId: devices.businessGroupId,
};

export function createDevicesRepository(db: Database) {
  return {
    treeRows: createTreeRows(db),

    async groups(tenantId: string): Promise<GroupRow[]> {
      return db
        .select({
          id: businessGroups.id,
          hexacode: businessGroups.hexacode,
          name: businessGroups.name,
          networkNumber: businessGroups.networkNumber,
        })
        .from(businessGroups)
        .where(eq(businessGroups.tenantId, tenantId))
        .orderBy(asc(businessGroups.name));
    },

    async devices(tenantId: string): Promise<DeviceListRow[]> {
      return db
        .select(deviceListColumns)
        .from(devices)
        .where(eq(devices.tenantId, tenantId))
        .orderBy(asc(devices.name));
    },

    async device(tenantId: string, hexacode: string): Promise<DeviceListRow | undefined> {
      const [row] = await db
        .select(deviceListColumns)
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.hexacode, hexacode)))
        .limit(1);
      return row;
    },

    /** Which of `hexacodes` (upper case) are devices of the tenant, in one query. */
    async hexacodesAmong(tenantId: string, hexacodes: readonly string[]): Promise<Set<string>> {
      if (hexacodes.length === 0) return new Set();
      const rows = await db
        .select({ hexacode: devices.hexacode })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.hexacode, [...hexacodes])));
      return new Set(rows.map((row) => row.hexacode));
    },

    async configuration(tenantId: string, userId: string): Promise<StoredConfiguration | undefined> {
      const [row] = await db
        .select({
          settings: deviceConfigurations.settings,
          labels: deviceConfigurations.labels,
          orders: deviceConfigurations.orders,
        })
        .from(deviceConfigurations)
        .where(and(eq(deviceConfigurations.tenantId, tenantId), eq(deviceConfigurations.userId, userId)))
        .limit(1);
      return row;
    },

    async saveConfiguration(tenantId: string, userId: string, value: StoredConfiguration): Promise<void> {
      await db
        .insert(deviceConfigurations)
        .values({ tenantId, userId, ...value, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: deviceConfigurations.userId,
          set: { ...value, updatedAt: new Date() },
          // A user never changes tenant; the condition keeps a forged row from crossing tenants anyway.
          setWhere: eq(deviceConfigurations.tenantId, tenantId),
        });
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
