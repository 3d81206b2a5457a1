import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarmOccurrences, businessGroups, devices } from '../../db/schema';
import { occurrencesOpenDuring } from '../alarms/repository';

/** The alarms that say a case's temperature is out of its limits (ADF alarm codes). */
const OUT_OF_LIMITS_CODES = ['HIGH_TEMPERATURE', 'LOW_TEMPERATURE'] as const;

/** What the chain overview reads of one tenant: its stores, their devices and their alarms. */
export function createFleetRepository(db: Database) {
  return {
    stores: (tenantId: string, hexacode?: string) =>
      db
        .select({ id: businessGroups.id, hexacode: businessGroups.hexacode, name: businessGroups.name })
        .from(businessGroups)
        .where(
          and(
            eq(businessGroups.tenantId, tenantId),
            hexacode ? eq(businessGroups.hexacode, hexacode.toUpperCase()) : undefined,
          ),
        )
        .orderBy(asc(businessGroups.name)),

    /** The real devices in stores (virtual ones compute from these and are always on). */
    devicesInStores: (tenantId: string) =>
      db
        .select({
          hexacode: devices.hexacode,
          name: devices.name,
          model: devices.model,
          storeId: devices.businessGroupId,
        })
        .from(devices)
        .where(
          and(
            eq(devices.tenantId, tenantId),
            eq(devices.type, 'REAL_DEVICE'),
            isNotNull(devices.businessGroupId),
          ),
        ),

    /** Active alarms per device, and how many of them nobody acknowledged. */
    activeAlarms: (tenantId: string) =>
      db
        .select({
          hexacode: alarmOccurrences.hexacode,
          active: count(),
          unacknowledged:
            sql<number>`count(*) filter (where ${alarmOccurrences.acknowledgedAt} is null)`.mapWith(Number),
        })
        .from(alarmOccurrences)
        .where(and(eq(alarmOccurrences.tenantId, tenantId), isNull(alarmOccurrences.clearedAt)))
        .groupBy(alarmOccurrences.hexacode),

    /** The out-of-limits alarms open at some time in [from, to). */
    outOfLimitsSince: (tenantId: string, from: Date, to: Date) =>
      db
        .select({
          hexacode: alarmOccurrences.hexacode,
          department: alarmOccurrences.department,
          subDepartment: alarmOccurrences.subDepartment,
          raisedAt: alarmOccurrences.raisedAt,
          clearedAt: alarmOccurrences.clearedAt,
        })
        .from(alarmOccurrences)
        .where(
          and(
            occurrencesOpenDuring(tenantId, from, to),
            inArray(alarmOccurrences.code, [...OUT_OF_LIMITS_CODES]),
          ),
        ),
  };
}

export type FleetRepository = ReturnType<typeof createFleetRepository>;
