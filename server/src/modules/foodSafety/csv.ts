import { DAY_FIGURE_COLUMNS, type FoodSafetyReport } from '#contracts';
import { csvField } from '../dashboards/widget-download';
import type { Wording } from './wording';

const HEADERS = [
  'foodSafety.store',
  'foodSafety.device',
  'foodSafety.case',
  'foodSafety.limit',
  ...DAY_FIGURE_COLUMNS,
  'foodSafety.gap',
  'foodSafety.excursionCount',
  'foodSafety.signedOffBy',
  'foodSafety.signedOffAt',
];

/**
 * One row a case a day (RFC 4180, CRLF), headers in the reader's language, dates in their format. Numbers keep a
 * dot as decimal mark whatever the language, so every spreadsheet reads them as numbers.
 */
export function reportCsv(report: FoodSafetyReport, words: Wording): string {
  const rows = report.departments.flatMap((d) =>
    d.days.map((day) => [
      report.scope.name,
      `${d.deviceName} (${d.hexacode})`,
      d.name,
      words.limit(d.limit),
      words.day(day.date),
      day.min,
      day.max,
      day.avg,
      day.timeInLimitsPct,
      day.minutesOutOfLimits,
      day.defrostMinutes,
      day.minutesWithoutData,
      day.gap ? words.t('foodSafety.gapYes') : '',
      day.excursions,
      day.reviewedBy,
      day.reviewedAt && words.dateTime(day.reviewedAt),
    ]),
  );
  const header = HEADERS.map((id) => csvField(words.t(id))).join(',');
  return [header, ...rows.map((r) => r.map((x) => csvField(x)).join(','))].join('\r\n') + '\r\n';
}
