import { sql } from 'drizzle-orm';
import {
  CHATTER_RAISES,
  CHATTER_WINDOW_MINUTES,
  FLOOD_THRESHOLD,
  FLOOD_WINDOW_MINUTES,
  STANDING_HOURS,
  type AlarmHealth,
} from '#contracts';
import type { Database } from '../../db/client';

const TOP_OFFENDERS = 10;
const HOUR_MS = 3_600_000;

type Rows<T> = { rows: T[] };
/** An alarm's name in the reader's language (modules/alarms/translations). */
type AlarmNamer = (code: string, adfName: string | null) => string;
const iso = (value: Date | string) => new Date(value).toISOString();

/** Shelvings (modules/shelving) that began in the range: each time someone took an alarm out of the bell. */
async function shelvedCount(db: Database, tenantId: string, from: Date, to: Date): Promise<number> {
  const result = (await db.execute(sql`
    SELECT count(*)::int AS n FROM alarm_shelvings
    WHERE tenant_id = ${tenantId} AND at >= ${iso(from)} AND at < ${iso(to)}
  `)) as unknown as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
}

/**
 * A tenant's alarm system measured against EEMUA 191 over [from, to), in SQL. Counts announced occurrences by
 * their raise (held ones that cleared unannounced count as suppressed); windows of 10 minutes start at each raise,
 * so the peak is the most raises in any 10 minutes, not in fixed clock slots.
 */
export async function alarmHealth(
  db: Database,
  tenantId: string,
  range: { from: Date; to: Date; now: Date },
  nameOf: AlarmNamer,
): Promise<AlarmHealth> {
  const { from, to, now } = range;
  const raised = sql`SELECT id, hexacode, device_name, department, sub_department, code, adf_name, raised_at
    FROM alarm_occurrences
    WHERE tenant_id = ${tenantId} AND announced AND raised_at >= ${from} AND raised_at < ${to}`;
  // RANGE frames count the raises of the 10 minutes from each one (an interval short of 10 minutes by 1 µs: [t, t+10)).
  const floodFrame = sql.raw(
    `RANGE BETWEEN CURRENT ROW AND interval '${FLOOD_WINDOW_MINUTES} minutes' - interval '1 microsecond' FOLLOWING`,
  );
  const chatterFrame = sql.raw(
    `RANGE BETWEEN CURRENT ROW AND interval '${CHATTER_WINDOW_MINUTES} minutes' - interval '1 microsecond' FOLLOWING`,
  );

  const [totals, floods, standing, chattering, offenders, suppressed] = await Promise.all([
    db.execute(sql`
      WITH raised AS (${raised}),
      windows AS (SELECT count(*) OVER (ORDER BY raised_at ${floodFrame}) AS n FROM raised)
      SELECT (SELECT count(*) FROM raised)::int AS total, coalesce(max(n), 0)::int AS peak FROM windows`) as Promise<
      Rows<{ total: number; peak: number }>
    >,
    // Overlapping flood windows are one flood: from its first raise to its last.
    db.execute(sql`
      WITH raised AS (${raised}),
      windows AS (
        SELECT raised_at AS starts, count(*) OVER w AS n, max(raised_at) OVER w AS ends
        FROM raised WINDOW w AS (ORDER BY raised_at ${floodFrame})
      ),
      flooding AS (SELECT starts, ends FROM windows WHERE n > ${FLOOD_THRESHOLD}),
      marked AS (
        SELECT starts, ends, CASE WHEN starts <= max(ends) OVER (ORDER BY starts ROWS BETWEEN UNBOUNDED PRECEDING
          AND 1 PRECEDING) THEN 0 ELSE 1 END AS opens
        FROM flooding
      ),
      islands AS (SELECT starts, ends, sum(opens) OVER (ORDER BY starts) AS island FROM marked),
      spans AS (SELECT min(starts) AS starts, max(ends) AS ends FROM islands GROUP BY island)
      SELECT spans.starts, spans.ends,
        (SELECT count(*) FROM raised WHERE raised_at BETWEEN spans.starts AND spans.ends)::int AS count
      FROM spans ORDER BY spans.starts`) as Promise<Rows<{ starts: string; ends: string; count: number }>>,
    db.execute(sql`
      SELECT id, hexacode, device_name, department, sub_department, code, adf_name, raised_at, cleared_at
      FROM alarm_occurrences
      WHERE tenant_id = ${tenantId} AND announced AND raised_at < ${to}
        AND (cleared_at IS NULL OR cleared_at > ${from})
        AND coalesce(cleared_at, least(${to}::timestamptz, ${now}::timestamptz)) - raised_at
          > ${`${STANDING_HOURS} hours`}::interval
      ORDER BY raised_at, code`) as Promise<
      Rows<PlaceRow & { id: string; raised_at: string; cleared_at: string | null }>
    >,
    db.execute(sql`
      WITH raised AS (${raised}),
      windows AS (
        SELECT hexacode, device_name, department, sub_department, code, adf_name, count(*) OVER (
          PARTITION BY hexacode, department, sub_department, code ORDER BY raised_at ${chatterFrame}) AS n
        FROM raised
      )
      SELECT hexacode, max(device_name) AS device_name, department, sub_department, code,
        max(adf_name) AS adf_name, max(n)::int AS peak, count(*)::int AS count
      FROM windows GROUP BY hexacode, department, sub_department, code
      HAVING max(n) >= ${CHATTER_RAISES}
      ORDER BY peak DESC, count DESC, hexacode, department, sub_department, code`) as Promise<
      Rows<PlaceRow & { peak: number; count: number }>
    >,
    db.execute(sql`
      WITH raised AS (${raised})
      SELECT hexacode, max(device_name) AS device_name, department, sub_department, code,
        max(adf_name) AS adf_name, count(*)::int AS count
      FROM raised GROUP BY hexacode, department, sub_department, code
      ORDER BY count DESC, hexacode, department, sub_department, code
      LIMIT ${TOP_OFFENDERS}`) as Promise<Rows<PlaceRow & { count: number }>>,
    db.execute(sql`
      SELECT count(*)::int AS n FROM alarm_occurrences
      WHERE tenant_id = ${tenantId} AND NOT announced AND raised_at >= ${from} AND raised_at < ${to}`) as Promise<
      Rows<{ n: number }>
    >,
  ]);
  const placeOf = (r: PlaceRow) => ({
    hexacode: r.hexacode,
    deviceName: r.device_name,
    department: r.department,
    subDepartment: r.sub_department,
    code: r.code,
    translation: nameOf(r.code, r.adf_name),
  });
  const total = totals.rows[0]?.total ?? 0;
  const hours = Math.max((to.getTime() - from.getTime()) / HOUR_MS, 1 / 60);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    total,
    averagePerHour: Math.round((total / hours) * 100) / 100,
    peakPer10Minutes: totals.rows[0]?.peak ?? 0,
    floods: floods.rows.map((r) => ({ from: iso(r.starts), to: iso(r.ends), count: r.count })),
    standing: standing.rows.map((r) => ({
      id: r.id,
      ...placeOf(r),
      raisedAt: iso(r.raised_at),
      clearedAt: r.cleared_at === null ? null : iso(r.cleared_at),
    })),
    chattering: chattering.rows.map((r) => ({ ...placeOf(r), peak: r.peak, count: r.count })),
    topOffenders: offenders.rows.map((r) => ({ ...placeOf(r), count: r.count })),
    shelved: await shelvedCount(db, tenantId, from, to),
    suppressed: suppressed.rows[0]?.n ?? 0,
  };
}

interface PlaceRow {
  hexacode: string;
  device_name: string;
  department: number;
  sub_department: number;
  code: string;
  adf_name: string | null;
}
