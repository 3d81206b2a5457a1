import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alarmDelays, alarmOccurrences, departmentDefrosts } from '../../db/schema';
import type { AdfRegistry } from '../../gateway/adf/loader';
import type { AlarmPlace, Hold } from './repository';

/** Rows of one department of a device, in the occurrences or the defrosts. */
export const placeOf = (t: typeof alarmOccurrences | typeof departmentDefrosts, place: AlarmPlace) =>
  and(
    eq(t.tenantId, place.tenantId),
    eq(t.hexacode, place.hexacode),
    eq(t.department, place.department),
    eq(t.subDepartment, place.subDepartment),
  );

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The one rule that decides whether a raise reaches anyone at once (issue 31): a code's delay (the tenant's own,
 * else the ADF's) holds it until the condition has lasted that long; a temperature alarm of a department that
 * defrosts, or recovers from a defrost, is held until the recovery time after the defrost's end. Held occurrences
 * are stored all the same, and an occurrence that clears while held stays in the history as suppressed.
 */
export function createAlarmHolds(adfs: () => AdfRegistry) {
  const kindOf = (model: string, place: AlarmPlace) =>
    adfs().get(model)?.kindOf(place.department, place.subDepartment)?.doc;
  const alarmOf = (model: string, code: string) => {
    const alarms = adfs().get(model)?.alarms ?? {};
    return Object.hasOwn(alarms, code) ? alarms[code] : undefined;
  };

  async function delaySeconds(db: Database, tenantId: string, model: string, code: string): Promise<number> {
    const [own] = await db
      .select({ seconds: alarmDelays.delaySeconds })
      .from(alarmDelays)
      .where(and(eq(alarmDelays.tenantId, tenantId), eq(alarmDelays.code, code)));
    return own?.seconds ?? alarmOf(model, code)?.delaySeconds ?? 0;
  }

  /** The hold of a raise of `code` at `at`, or undefined when it is announced at once. */
  async function holdOf(
    db: Database,
    model: string,
    place: AlarmPlace,
    code: string,
    at: Date,
  ): Promise<Hold | undefined> {
    const delayed = new Date(at.getTime() + (await delaySeconds(db, place.tenantId, model, code)) * 1000);
    const defrost = kindOf(model, place)?.defrost;
    if (defrost && alarmOf(model, code)?.suppressedByDefrost) {
      const [last] = await db
        .select()
        .from(departmentDefrosts)
        .where(and(placeOf(departmentDefrosts, place), lte(departmentDefrosts.startedAt, at)))
        .orderBy(desc(departmentDefrosts.startedAt))
        .limit(1);
      if (last && !last.endedAt) return { suppression: 'DEFROST', heldUntil: null };
      const recovered = last?.endedAt && new Date(last.endedAt.getTime() + defrost.recoverySeconds * 1000);
      if (recovered && recovered > at)
        return { suppression: 'DEFROST', heldUntil: later(recovered, delayed) };
    }
    return delayed > at ? { suppression: 'DELAY', heldUntil: delayed } : undefined;
  }

  /** The codes of a department's kind that a defrost holds back. */
  function defrostCodes(model: string): string[] {
    const alarms = adfs().get(model)?.alarms ?? {};
    return Object.keys(alarms).filter((code) => alarms[code]?.suppressedByDefrost);
  }

  /** A defrost started: temperature alarms waiting for their delay now wait for the defrost's end. */
  async function defrostStarted(db: Database, model: string, place: AlarmPlace): Promise<void> {
    const codes = defrostCodes(model);
    if (codes.length === 0) return;
    await db
      .update(alarmOccurrences)
      .set({ suppression: 'DEFROST', heldUntil: null })
      .where(
        and(
          placeOf(alarmOccurrences, place),
          eq(alarmOccurrences.announced, false),
          isNull(alarmOccurrences.clearedAt),
          inArray(alarmOccurrences.code, codes),
        ),
      );
  }

  /** A defrost ended at `at`: what it held is announced after the recovery time (and its delay) if still open. */
  async function defrostEnded(db: Database, model: string, place: AlarmPlace, at: Date): Promise<void> {
    const recoverySeconds = kindOf(model, place)?.defrost?.recoverySeconds ?? 0;
    const held = await db
      .select()
      .from(alarmOccurrences)
      .where(
        and(
          placeOf(alarmOccurrences, place),
          eq(alarmOccurrences.announced, false),
          isNull(alarmOccurrences.clearedAt),
          eq(alarmOccurrences.suppression, 'DEFROST'),
          isNull(alarmOccurrences.heldUntil),
        ),
      );
    const recovered = new Date(at.getTime() + recoverySeconds * 1000);
    for (const row of held) {
      const delay = await delaySeconds(db, place.tenantId, model, row.code);
      const heldUntil = later(recovered, new Date(row.raisedAt.getTime() + delay * 1000));
      await db.update(alarmOccurrences).set({ heldUntil }).where(eq(alarmOccurrences.id, row.id));
    }
  }

  return { holdOf, defrostStarted, defrostEnded };
}

export type AlarmHolds = ReturnType<typeof createAlarmHolds>;
