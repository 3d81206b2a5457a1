import { and, asc, eq, gte, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AlarmMarks } from '../../../../src/services/contracts';
import type { Database } from '../../db/client';
import { alarmOccurrences as o, departmentDefrosts as d } from '../../db/schema';
import type { Translations } from './translations';

/** A device (and maybe one department) over a range of time, as a chart shows it. */
export interface MarksRange {
  tenantId: string;
  hexacode: string;
  department?: { department: number; subDepartment: number } | undefined;
  from: Date;
  to: Date;
}

/**
 * Setpoint changes of the range from the audit trail. The audit trail is built on branch issue-30a and is not on
 * this branch yet: until the two meet there are none, and this is the one place that learns to read them.
 */
async function setpointChanges(_db: Database, _range: MarksRange): Promise<AlarmMarks['setpoints']> {
  return [];
}

/** What a device chart marks on its time axis: alarm periods, acknowledgements, setpoint changes and defrosts. */
export function createAlarmMarks(db: Database, translations: Translations) {
  return async (range: MarksRange, language: string): Promise<AlarmMarks> => {
    const { tenantId, hexacode, department, from, to } = range;
    const inDepartment = (t: typeof o | typeof d): SQL | undefined =>
      department
        ? and(eq(t.department, department.department), eq(t.subDepartment, department.subDepartment))
        : undefined;
    const overlaps = (
      t: typeof o | typeof d,
      starts: typeof o.raisedAt | typeof d.startedAt,
      ends: typeof o.clearedAt | typeof d.endedAt,
    ) =>
      and(
        eq(t.tenantId, tenantId),
        eq(t.hexacode, hexacode.toUpperCase()),
        inDepartment(t),
        lte(starts, to),
        or(isNull(ends), gte(ends, from)),
      );
    const [alarms, acknowledged, defrosts, setpoints] = await Promise.all([
      db
        .select()
        .from(o)
        .where(overlaps(o, o.raisedAt, o.clearedAt))
        .orderBy(asc(o.raisedAt)),
      db
        .select()
        .from(o)
        .where(
          and(
            eq(o.tenantId, tenantId),
            eq(o.hexacode, hexacode.toUpperCase()),
            inDepartment(o),
            isNotNull(o.acknowledgedAt),
            gte(o.acknowledgedAt, from),
            lte(o.acknowledgedAt, to),
          ),
        )
        .orderBy(asc(o.acknowledgedAt)),
      db
        .select()
        .from(d)
        .where(overlaps(d, d.startedAt, d.endedAt))
        .orderBy(asc(d.startedAt)),
      setpointChanges(db, range),
    ]);
    return {
      alarms: alarms.map((row) => ({
        id: row.id,
        department: row.department,
        subDepartment: row.subDepartment,
        code: row.code,
        translation: translations.translate(language, row.code, row.adfName),
        from: row.raisedAt.toISOString(),
        to: row.clearedAt?.toISOString() ?? null,
        suppressed: !row.announced,
      })),
      acknowledgements: acknowledged.map((row) => ({
        id: row.id,
        department: row.department,
        subDepartment: row.subDepartment,
        code: row.code,
        at: row.acknowledgedAt!.toISOString(),
        by: row.acknowledgedBy ?? '',
        comment: row.ackComment ?? '',
      })),
      setpoints,
      defrosts: defrosts.map((row) => ({
        department: row.department,
        subDepartment: row.subDepartment,
        from: row.startedAt.toISOString(),
        to: row.endedAt?.toISOString() ?? null,
      })),
    };
  };
}
