import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AlarmHistoryPage, AlarmHistoryQuery } from '#contracts';
import type { Database } from '../../db/client';
import { alarmOccurrences as t } from '../../db/schema';
import type { AlarmDirectory } from './directory';
import { recordsOf } from './records';
import type { Translations } from './translations';

type SortField = AlarmHistoryQuery['sortField'];

/** The translation as SQL, so a page sorted by it is sorted across every page: catalogue, ADF name, code. */
function translationSql(entries: [string, string][]): SQL {
  if (entries.length === 0) return sql`coalesce(${t.adfName}, ${t.code})`;
  const cases = entries.map(([code, text]) => sql`WHEN ${code} THEN ${text}`);
  return sql`(CASE ${t.code} ${sql.join(cases, sql` `)} ELSE coalesce(${t.adfName}, ${t.code}) END)`;
}

const COLUMNS: Record<Exclude<SortField, 'translation'>, AnyPgColumn> = {
  occuredAt: t.raisedAt,
  clearedAt: t.clearedAt,
  businessGroupName: t.businessGroupName,
  deviceName: t.deviceName,
  departmentName: t.departmentName,
  acknowledgedAt: t.acknowledgedAt,
};

/** Which rows of the sorted occurrences: a page of the dialog, or the first ones of a CSV. */
interface HistoryWindow {
  limit: number;
  offset: number;
}

const pageOf = (query: AlarmHistoryQuery): HistoryWindow => ({
  limit: query.pageLength,
  offset: query.page * query.pageLength,
});

/** SPEC §9 alarm history: a tenant's occurrences, filtered, sorted on any column and paged on the server. */
export function createAlarmHistory(
  db: Database,
  translations: Translations,
  directory: Pick<AlarmDirectory, 'departmentNameIn'>,
) {
  return async (
    tenantId: string,
    language: string,
    query: AlarmHistoryQuery,
    window: HistoryWindow = pageOf(query),
  ): Promise<AlarmHistoryPage> => {
    const [department, subDepartment] = query.department?.split('.').map(Number) ?? [];
    const where = and(
      eq(t.tenantId, tenantId),
      query.hexacode ? eq(t.hexacode, query.hexacode.toUpperCase()) : undefined,
      department !== undefined ? eq(t.department, department) : undefined,
      subDepartment !== undefined ? eq(t.subDepartment, subDepartment) : undefined,
      query.from ? gte(t.raisedAt, new Date(query.from)) : undefined,
      query.to ? lte(t.raisedAt, new Date(query.to)) : undefined,
    );
    const sortBy =
      query.sortField === 'translation'
        ? translationSql(translations.entries(language))
        : sql`${COLUMNS[query.sortField]}`;
    const direction = query.sortDirection === 'ASC' ? sql`ASC` : sql`DESC`;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(t)
        .where(where)
        // Empty values last either way; the newest first among equals, then the id, so pages never overlap.
        .orderBy(sql`${sortBy} ${direction} NULLS LAST`, desc(t.raisedAt), asc(t.id))
        .limit(window.limit)
        .offset(window.offset),
      db.select({ n: count() }).from(t).where(where),
    ]);
    const records = await recordsOf(
      db,
      rows.map((row) => row.id),
    );
    return {
      recordsFiltered: total?.n ?? 0,
      data: await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          businessGroupName: row.businessGroupName,
          deviceName: row.deviceName,
          hexacode: row.hexacode,
          departmentName: await directory.departmentNameIn(language, row, row.departmentName),
          department: row.department,
          subDepartment: row.subDepartment,
          code: row.code,
          translation: translations.translate(language, row.code, row.adfName),
          occuredAt: row.raisedAt.toISOString(),
          clearedAt: row.clearedAt?.toISOString() ?? null,
          acknowledgedBy: row.acknowledgedBy,
          acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
          comment: row.ackComment,
          suppressed: row.announced ? null : (row.suppression ?? 'DELAY'),
          ...records(row.id),
        })),
      ),
    };
  };
}
