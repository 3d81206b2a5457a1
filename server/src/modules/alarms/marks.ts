import { and, asc, eq, gte, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { readAuditTarget, type AlarmMarks } from '#contracts';
import type { Database } from '../../db/client';
import { alarmOccurrences as o, auditEntries as a, departmentDefrosts as d } from '../../db/schema';
import type { Translations } from './translations';

/** A device (and maybe one department) over a range of time, as a chart shows it. */
export interface MarksRange {
  tenantId: string;
  hexacode: string;
  department?: { department: number; subDepartment: number } | undefined;
  from: Date;
  to: Date;
}

/** A setpoint line, by the name it had when written (the ADF's English name: "Air temperature setpoint"). */
const SETPOINT = /setpoint/i;

interface ShownLine {
  name?: string;
  value?: string | number | null;
  unit?: string | null;
}
const valueOf = (line: ShownLine | null | undefined) =>
  line?.value === undefined || line.value === null ? null : `${line.value} ${line.unit ?? ''}`.trim();

/** Setpoint changes of the range from the audit trail: the accepted writes of a setpoint line. */
async function setpointChanges(db: Database, range: MarksRange): Promise<AlarmMarks['setpoints']> {
  const rows = await db
    .select()
    .from(a)
    .where(
      and(
        eq(a.tenantId, range.tenantId),
        eq(a.hexacode, range.hexacode.toUpperCase()),
        eq(a.action, 'line.write'),
        gte(a.at, range.from),
        lte(a.at, range.to),
      ),
    )
    .orderBy(asc(a.at), asc(a.seq));
  return rows.flatMap((row) => {
    const before = row.before as ShownLine | null;
    const after = row.after as (ShownLine & { result?: string }) | null;
    const place = readAuditTarget(row.target);
    if (place?.kind !== 'line' || after?.result !== 'ACCEPTED' || !SETPOINT.test(before?.name ?? ''))
      return [];
    const [department, subDepartment] = [Number(place.parts.department), Number(place.parts.subDepartment)];
    const wanted = range.department;
    if (wanted && (wanted.department !== department || wanted.subDepartment !== subDepartment)) return [];
    return [
      {
        department,
        subDepartment,
        at: row.at.toISOString(),
        by: row.actingAsUsername ? `${row.username} (${row.actingAsUsername})` : row.username,
        line: before!.name!,
        from: valueOf(before),
        to: valueOf({ value: after.value ?? null, unit: before?.unit ?? null }),
      },
    ];
  });
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
