import { and, count, eq, inArray, max } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buffers, devices, tenants, type StoredDeviceType } from '../../db/schema';
import type { VirtualDeviceDefinition } from '../../gateway/virtual';
import { bufferAddressColumns, type BufferAddress } from '../buffers/repository';

export interface HistoryDevice {
  hexacode: string;
  model: string;
  type: StoredDeviceType;
  virtualDefinition: VirtualDeviceDefinition | null;
}

export interface HistoryBuffer extends BufferAddress {
  id: number;
  pcNumber: number;
  intervalSeconds: number;
}

/** A buffer as the recorder tracks it: every tenant's, with its device's model. */
export interface RecordedBuffer extends HistoryBuffer {
  tenant: string;
  startAt: Date;
  model: string | null;
  deviceType: StoredDeviceType | null;
}

const bufferColumns = {
  id: buffers.id,
  ...bufferAddressColumns,
  pcNumber: buffers.pcNumber,
  intervalSeconds: buffers.intervalSeconds,
};

/** Reads of devices and buffers for history; the query's are scoped to the tenant asking. */
export function createHistoryRepository(db: Database) {
  return {
    async devices(tenantId: string, hexacodes: string[]): Promise<HistoryDevice[]> {
      if (hexacodes.length === 0) return [];
      return db
        .select({
          hexacode: devices.hexacode,
          model: devices.model,
          type: devices.type,
          virtualDefinition: devices.virtualDefinition,
        })
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), inArray(devices.hexacode, hexacodes)));
    },

    async buffers(tenantId: string, hexacodes: string[]): Promise<HistoryBuffer[]> {
      if (hexacodes.length === 0) return [];
      return db
        .select(bufferColumns)
        .from(buffers)
        .where(and(eq(buffers.tenantId, tenantId), inArray(buffers.hexacode, hexacodes)));
    },

    /** Changes whenever a buffer is created, changed or deleted, or a device registered or removed. */
    async recordedVersion(): Promise<string> {
      const [b] = await db
        .select({ n: count(), last: max(buffers.updatedAt), top: max(buffers.id) })
        .from(buffers);
      const [d] = await db.select({ n: count() }).from(devices);
      return `${b?.n}/${b?.last?.getTime()}/${b?.top}/${d?.n}`;
    },

    /** Every buffer of every tenant, for the recorder (which hears every tenant's devices). */
    async recorded(): Promise<RecordedBuffer[]> {
      return db
        .select({
          ...bufferColumns,
          tenant: tenants.name,
          startAt: buffers.startAt,
          model: devices.model,
          deviceType: devices.type,
        })
        .from(buffers)
        .innerJoin(tenants, eq(tenants.id, buffers.tenantId))
        .leftJoin(
          devices,
          and(eq(devices.tenantId, buffers.tenantId), eq(devices.hexacode, buffers.hexacode)),
        );
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
