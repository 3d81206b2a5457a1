import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  alarmChanges,
  alarmOccurrences,
  alarmShelvings,
  tenants,
  type AlarmOccurrenceRow,
  type AlarmSuppression,
} from '../../db/schema';

/** A tenant's alarm occurrences open at some time in [from, to): raised before `to`, not cleared by `from`. */
export const occurrencesOpenDuring = (tenantId: string, from: Date, to: Date) =>
  and(
    eq(alarmOccurrences.tenantId, tenantId),
    lt(alarmOccurrences.raisedAt, to),
    or(isNull(alarmOccurrences.clearedAt), gt(alarmOccurrences.clearedAt, from)),
  );

/** Why and how long a raise is kept from the bell, e-mail and push. */
export interface Hold {
  suppression: AlarmSuppression;
  /** When it is announced if still open; null while its department defrosts (the end is not known yet). */
  heldUntil: Date | null;
}

/** Where an alarm is: one department of one device of one tenant. */
export interface AlarmPlace {
  tenantId: string;
  hexacode: string;
  department: number;
  subDepartment: number;
}

/** What is stored with a raise: the names as they are now. */
export interface RaiseInput extends AlarmPlace {
  code: string;
  raisedAt: Date;
  deviceName: string;
  businessGroupName: string | null;
  departmentName: string | null;
  adfName: string | null;
  /** Held back from the bell, e-mail and push (holds.ts); announced at once without. */
  hold?: Hold | undefined;
}

const samePlace = (place: AlarmPlace) =>
  and(
    eq(alarmOccurrences.tenantId, place.tenantId),
    eq(alarmOccurrences.hexacode, place.hexacode),
    eq(alarmOccurrences.department, place.department),
    eq(alarmOccurrences.subDepartment, place.subDepartment),
  );

const heldDue = (now: Date) =>
  and(
    eq(alarmOccurrences.announced, false),
    isNull(alarmOccurrences.clearedAt),
    lte(alarmOccurrences.heldUntil, now),
  );

/**
 * Occurrences and the change log. Every statement that changes an alarm says in its answer whether it changed
 * anything: every instance runs it, and only the one whose statement did the change goes on to tell anyone.
 */
const queries = (db: Database) => ({
  /**
   * Stores a raise unless the same alarm is open already (the partial unique index decides between instances)
   * or a raise as recent is known (an instance that hears it late, after another stored and cleared it).
   */
  async raise(input: RaiseInput): Promise<AlarmOccurrenceRow | undefined> {
    const [known] = await db
      .select({ id: alarmOccurrences.id })
      .from(alarmOccurrences)
      .where(
        and(
          samePlace(input),
          eq(alarmOccurrences.code, input.code),
          gte(alarmOccurrences.raisedAt, input.raisedAt),
        ),
      )
      .limit(1);
    if (known) return undefined;
    const { hold, ...occurrence } = input;
    const [row] = await db
      .insert(alarmOccurrences)
      .values({ ...occurrence, ...(hold ? { announced: false, ...hold } : {}) })
      .onConflictDoNothing({
        target: [
          alarmOccurrences.tenantId,
          alarmOccurrences.hexacode,
          alarmOccurrences.department,
          alarmOccurrences.subDepartment,
          alarmOccurrences.code,
        ],
        where: isNull(alarmOccurrences.clearedAt),
      })
      .returning();
    return row;
  },

  /** Clears the open occurrences of these codes raised by `at`; answers those this statement cleared. */
  async clear(place: AlarmPlace, codes: readonly string[], at: Date): Promise<AlarmOccurrenceRow[]> {
    if (codes.length === 0) return [];
    return db
      .update(alarmOccurrences)
      .set({ clearedAt: at })
      .where(
        and(
          samePlace(place),
          inArray(alarmOccurrences.code, [...codes]),
          isNull(alarmOccurrences.clearedAt),
          lte(alarmOccurrences.raisedAt, at),
        ),
      )
      .returning();
  },

  async openCodes(place: AlarmPlace): Promise<string[]> {
    const rows = await db
      .select({ code: alarmOccurrences.code })
      .from(alarmOccurrences)
      .where(and(samePlace(place), isNull(alarmOccurrences.clearedAt)));
    return rows.map((r) => r.code);
  },

  /** The devices with held occurrences due at `now` (each instance asks; `release` decides which one tells). */
  async dueHolds(now: Date): Promise<{ tenantId: string; tenant: string; hexacode: string }[]> {
    return db
      .selectDistinct({
        tenantId: alarmOccurrences.tenantId,
        tenant: tenants.name,
        hexacode: alarmOccurrences.hexacode,
      })
      .from(alarmOccurrences)
      .innerJoin(tenants, eq(tenants.id, alarmOccurrences.tenantId))
      .where(heldDue(now));
  },

  /** Announces a device's held occurrences due at `now`; answers those this statement announced. */
  async release(tenantId: string, hexacode: string, now: Date): Promise<AlarmOccurrenceRow[]> {
    return db
      .update(alarmOccurrences)
      .set({ announced: true })
      .where(
        and(eq(alarmOccurrences.tenantId, tenantId), eq(alarmOccurrences.hexacode, hexacode), heldDue(now)),
      )
      .returning();
  },

  /** Announced open occurrences of a tenant (of some devices only, when given) not shelved now, oldest first. */
  async active(tenantId: string, hexacodes?: readonly string[]): Promise<AlarmOccurrenceRow[]> {
    if (hexacodes && hexacodes.length === 0) return [];
    return db
      .select()
      .from(alarmOccurrences)
      .where(
        and(
          eq(alarmOccurrences.tenantId, tenantId),
          isNull(alarmOccurrences.clearedAt),
          eq(alarmOccurrences.announced, true),
          hexacodes ? inArray(alarmOccurrences.hexacode, [...hexacodes]) : undefined,
          notExists(
            db
              .select({ id: alarmShelvings.id })
              .from(alarmShelvings)
              .where(
                and(eq(alarmShelvings.occurrenceId, alarmOccurrences.id), isNull(alarmShelvings.endedAt)),
              ),
          ),
        ),
      )
      .orderBy(asc(alarmOccurrences.raisedAt), asc(alarmOccurrences.code));
  },

  async find(tenantId: string, id: string): Promise<AlarmOccurrenceRow | undefined> {
    const [row] = await db
      .select()
      .from(alarmOccurrences)
      .where(and(eq(alarmOccurrences.tenantId, tenantId), eq(alarmOccurrences.id, id)))
      .limit(1);
    return row;
  },

  /** Acknowledges once: answers undefined when someone acknowledged it first. */
  async acknowledge(
    tenantId: string,
    id: string,
    by: { userId: string; username: string; comment: string; at: Date },
  ): Promise<AlarmOccurrenceRow | undefined> {
    const [row] = await db
      .update(alarmOccurrences)
      .set({
        acknowledgedByUserId: by.userId,
        acknowledgedBy: by.username,
        acknowledgedAt: by.at,
        ackComment: by.comment,
      })
      .where(
        and(
          eq(alarmOccurrences.tenantId, tenantId),
          eq(alarmOccurrences.id, id),
          isNull(alarmOccurrences.acknowledgedAt),
        ),
      )
      .returning();
    return row;
  },

  /** Numbers a stored change of a device's alarms (the stream's event id). */
  async recordChange(tenantId: string, hexacode: string, at: Date): Promise<number> {
    const [row] = await db
      .insert(alarmChanges)
      .values({ tenantId, hexacode, at })
      .returning({ id: alarmChanges.id });
    return row!.id;
  },

  /** The devices of a tenant changed after change `id`, each with its latest change id. */
  async changedAfter(tenantId: string, id: number): Promise<{ hexacode: string; id: number }[]> {
    return db
      .select({ hexacode: alarmChanges.hexacode, id: sql<number>`max(${alarmChanges.id})`.mapWith(Number) })
      .from(alarmChanges)
      .where(and(eq(alarmChanges.tenantId, tenantId), gt(alarmChanges.id, id)))
      .groupBy(alarmChanges.hexacode)
      .orderBy(sql`max(${alarmChanges.id})`);
  },

  /** The newest change id (0 without any): a stream starts counting from here. */
  async lastChange(): Promise<number> {
    const [row] = await db.select({ id: sql<number | null>`max(${alarmChanges.id})` }).from(alarmChanges);
    return Number(row?.id ?? 0);
  },

  async pruneChanges(before: Date): Promise<void> {
    await db.delete(alarmChanges).where(lt(alarmChanges.at, before));
  },
});

export type AlarmQueries = ReturnType<typeof queries>;

export function createAlarmsRepository(db: Database) {
  return {
    ...queries(db),
    /**
     * Runs `work` in one transaction, with the queries over it and the transaction itself (for what other modules
     * write with the change): a process killed before the commit leaves nothing of it behind.
     */
    transaction<T>(work: (queries: AlarmQueries, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(queries(tx as unknown as Database), tx as unknown as Database));
    },
  };
}

export type AlarmsRepository = ReturnType<typeof createAlarmsRepository>;
