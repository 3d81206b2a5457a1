import type { AlarmHistoryRow } from '#contracts';
import { csvField } from '../dashboards/widget-download';

/** The columns: the API's own names, so a script reads the file as it reads the JSON. */
const COLUMNS = [
  'id',
  'occuredAt',
  'clearedAt',
  'businessGroupName',
  'deviceName',
  'hexacode',
  'department',
  'departmentName',
  'code',
  'translation',
  'acknowledgedAt',
  'acknowledgedBy',
  'comment',
  'suppressed',
] as const;

const cell = (row: AlarmHistoryRow, column: (typeof COLUMNS)[number]) =>
  column === 'department' ? `${row.department}.${row.subDepartment}` : (row[column] ?? null);

/**
 * RFC 4180, one occurrence a row, in the order of the dialog: instants in ISO 8601 (UTC), the alarm named in the
 * reader's language beside its code.
 */
export function alarmHistoryCsv(rows: readonly AlarmHistoryRow[]): string {
  const lines = rows.map((row) => COLUMNS.map((column) => csvField(cell(row, column))).join(','));
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
