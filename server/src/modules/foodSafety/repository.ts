import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CaseAddress, FoodSafetyLimit } from '#contracts';
import type { Database } from '../../db/client';
import {
  alarmOccurrences,
  buffers,
  businessGroups,
  devices,
  foodSafetyLimits,
  foodSafetyReviews,
} from '../../db/schema';
import { occurrencesOpenDuring } from '../alarms/repository';
import { bufferAddressColumns } from '../buffers/repository';

/** The store or device a report covers, with its devices; null when the tenant has no such thing. */
export interface ReportScope {
  kind: 'businessGroup' | 'device';
  hexacode: string;
  name: string;
  devices: { hexacode: string; name: string; model: string }[];
}

export type ReviewRow = typeof foodSafetyReviews.$inferSelect;
export type LimitRow = typeof foodSafetyLimits.$inferSelect;

const caseIs = (tenantId: string, c: CaseAddress) =>
  and(
    eq(foodSafetyLimits.tenantId, tenantId),
    eq(foodSafetyLimits.hexacode, c.hexacode),
    eq(foodSafetyLimits.department, c.department),
    eq(foodSafetyLimits.subDepartment, c.subDepartment),
  );

/** Tenant-scoped reads and writes of the food-safety tables and of what the reports read besides history. */
export function createFoodSafetyRepository(db: Database) {
  return {
    async scope(
      tenantId: string,
      by: { businessGroup?: string | undefined; device?: string | undefined },
    ): Promise<ReportScope | null> {
      const device = { hexacode: devices.hexacode, name: devices.name, model: devices.model };
      if (by.device !== undefined) {
        const rows = await db
          .select(device)
          .from(devices)
          .where(and(eq(devices.tenantId, tenantId), eq(devices.hexacode, by.device.toUpperCase())));
        const [row] = rows;
        return row ? { kind: 'device', hexacode: row.hexacode, name: row.name, devices: rows } : null;
      }
      const [group] = await db
        .select({ id: businessGroups.id, hexacode: businessGroups.hexacode, name: businessGroups.name })
        .from(businessGroups)
        .where(
          and(
            eq(businessGroups.tenantId, tenantId),
            eq(businessGroups.hexacode, by.businessGroup!.toUpperCase()),
          ),
        );
      if (!group) return null;
      const rows = await db
        .select(device)
        .from(devices)
        .where(and(eq(devices.tenantId, tenantId), eq(devices.businessGroupId, group.id)))
        .orderBy(asc(devices.hexacode));
      return { kind: 'businessGroup', hexacode: group.hexacode, name: group.name, devices: rows };
    },

    async businessGroupId(tenantId: string, hexacode: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: businessGroups.id, name: businessGroups.name })
        .from(businessGroups)
        .where(
          and(eq(businessGroups.tenantId, tenantId), eq(businessGroups.hexacode, hexacode.toUpperCase())),
        );
      return row ?? null;
    },

    limits(tenantId: string, hexacodes: string[]): Promise<LimitRow[]> {
      if (hexacodes.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(foodSafetyLimits)
        .where(and(eq(foodSafetyLimits.tenantId, tenantId), inArray(foodSafetyLimits.hexacode, hexacodes)));
    },

    /** The buffers of these devices: whichever PC number records a line, its finest interval is read. */
    buffers(tenantId: string, hexacodes: string[]) {
      if (hexacodes.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: buffers.id,
          ...bufferAddressColumns,
          intervalSeconds: buffers.intervalSeconds,
        })
        .from(buffers)
        .where(and(eq(buffers.tenantId, tenantId), inArray(buffers.hexacode, hexacodes)))
        .orderBy(asc(buffers.intervalSeconds), asc(buffers.id));
    },

    /** Alarms of these devices active at some time in [from, to). */
    alarms(tenantId: string, hexacodes: string[], from: Date, to: Date) {
      if (hexacodes.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: alarmOccurrences.id,
          hexacode: alarmOccurrences.hexacode,
          department: alarmOccurrences.department,
          subDepartment: alarmOccurrences.subDepartment,
          code: alarmOccurrences.code,
          adfName: alarmOccurrences.adfName,
          raisedAt: alarmOccurrences.raisedAt,
          clearedAt: alarmOccurrences.clearedAt,
        })
        .from(alarmOccurrences)
        .where(and(occurrencesOpenDuring(tenantId, from, to), inArray(alarmOccurrences.hexacode, hexacodes)))
        .orderBy(asc(alarmOccurrences.raisedAt));
    },

    reviews(tenantId: string, hexacodes: string[]): Promise<ReviewRow[]> {
      if (hexacodes.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(foodSafetyReviews)
        .where(and(eq(foodSafetyReviews.tenantId, tenantId), inArray(foodSafetyReviews.hexacode, hexacodes)));
    },

    async limit(tenantId: string, address: CaseAddress): Promise<LimitRow | null> {
      const [row] = await db.select().from(foodSafetyLimits).where(caseIs(tenantId, address));
      return row ?? null;
    },

    async saveLimit(tenantId: string, address: CaseAddress, limit: FoodSafetyLimit, by: string, at: Date) {
      const values = { ...limit, updatedBy: by, updatedAt: at };
      await db
        .insert(foodSafetyLimits)
        .values({ tenantId, ...address, ...values })
        .onConflictDoUpdate({
          target: [
            foodSafetyLimits.tenantId,
            foodSafetyLimits.hexacode,
            foodSafetyLimits.department,
            foodSafetyLimits.subDepartment,
          ],
          set: values,
        });
    },

    async deleteLimit(tenantId: string, address: CaseAddress): Promise<void> {
      await db.delete(foodSafetyLimits).where(caseIs(tenantId, address));
    },

    /** Writes the review of one subject: the fields given replace theirs, the others stay. */
    async review(
      tenantId: string,
      address: CaseAddress,
      subject: { kind: 'excursion' | 'day'; key: string },
      fields: Partial<
        Pick<
          ReviewRow,
          'correctiveAction' | 'correctiveActionBy' | 'correctiveActionAt' | 'reviewedBy' | 'reviewedAt'
        >
      >,
    ): Promise<ReviewRow> {
      const [row] = await db
        .insert(foodSafetyReviews)
        .values({ tenantId, ...address, subject: subject.kind, subjectKey: subject.key, ...fields })
        .onConflictDoUpdate({
          target: [
            foodSafetyReviews.tenantId,
            foodSafetyReviews.hexacode,
            foodSafetyReviews.department,
            foodSafetyReviews.subDepartment,
            foodSafetyReviews.subject,
            foodSafetyReviews.subjectKey,
          ],
          set: fields,
        })
        .returning();
      return row!;
    },

    /** The review before a change (for the audit trail's "before"). */
    async reviewOf(tenantId: string, address: CaseAddress, kind: 'excursion' | 'day', key: string) {
      const [row] = await db
        .select()
        .from(foodSafetyReviews)
        .where(
          and(
            eq(foodSafetyReviews.tenantId, tenantId),
            eq(foodSafetyReviews.hexacode, address.hexacode),
            eq(foodSafetyReviews.department, address.department),
            eq(foodSafetyReviews.subDepartment, address.subDepartment),
            eq(foodSafetyReviews.subject, kind),
            eq(foodSafetyReviews.subjectKey, key),
          ),
        );
      return row ?? null;
    },
  };
}

export type FoodSafetyRepository = ReturnType<typeof createFoodSafetyRepository>;
