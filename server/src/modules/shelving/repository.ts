import { and, asc, eq, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarmOccurrences, alarmShelvings } from '../../db/schema';

export interface ShelveInput {
  tenantId: string;
  occurrenceId: string;
  byUserId: string;
  by: string;
  at: Date;
  until: Date;
  reason: string;
}

/** Shelvings of a tenant's alarms; every statement answers whether it changed anything (several instances run). */
export function createShelvingRepository(db: Database) {
  return {
    /** Starts a shelving unless the alarm is shelved already (the partial unique index decides). */
    async shelve(input: ShelveInput, tx: Database = db) {
      const [row] = await tx
        .insert(alarmShelvings)
        .values(input)
        .onConflictDoNothing({ target: alarmShelvings.occurrenceId, where: isNull(alarmShelvings.endedAt) })
        .returning();
      return row;
    },

    /** Ends the current shelving of an alarm; answers undefined when it was not shelved. */
    async unshelve(tenantId: string, occurrenceId: string, by: string, at: Date, tx: Database = db) {
      const [row] = await tx
        .update(alarmShelvings)
        .set({ endedAt: at, endedBy: by })
        .where(
          and(
            eq(alarmShelvings.tenantId, tenantId),
            eq(alarmShelvings.occurrenceId, occurrenceId),
            isNull(alarmShelvings.endedAt),
          ),
        )
        .returning();
      return row;
    },

    /** Current shelvings that ran out by `now` or whose alarm cleared: each with its alarm's tenant and device. */
    async due(now: Date) {
      return db
        .select({
          id: alarmShelvings.id,
          until: alarmShelvings.until,
          clearedAt: alarmOccurrences.clearedAt,
          tenantId: alarmOccurrences.tenantId,
          hexacode: alarmOccurrences.hexacode,
        })
        .from(alarmShelvings)
        .innerJoin(alarmOccurrences, eq(alarmOccurrences.id, alarmShelvings.occurrenceId))
        .where(
          and(
            isNull(alarmShelvings.endedAt),
            or(lte(alarmShelvings.until, now), isNotNull(alarmOccurrences.clearedAt)),
          ),
        );
    },

    /** Ends one due shelving; answers it only to the statement that ended it. */
    async end(id: string, at: Date, tx: Database = db) {
      const [row] = await tx
        .update(alarmShelvings)
        .set({ endedAt: at })
        .where(and(eq(alarmShelvings.id, id), isNull(alarmShelvings.endedAt)))
        .returning({ id: alarmShelvings.id });
      return row;
    },

    /** The tenant's alarms shelved now, the soonest to return first. */
    async current(tenantId: string) {
      return db
        .select({ shelving: alarmShelvings, occurrence: alarmOccurrences })
        .from(alarmShelvings)
        .innerJoin(alarmOccurrences, eq(alarmOccurrences.id, alarmShelvings.occurrenceId))
        .where(and(eq(alarmShelvings.tenantId, tenantId), isNull(alarmShelvings.endedAt)))
        .orderBy(asc(alarmShelvings.until));
    },
  };
}

export type ShelvingRepository = ReturnType<typeof createShelvingRepository>;
