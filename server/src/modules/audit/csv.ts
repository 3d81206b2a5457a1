import type { AuditEntry } from '../../../../src/services/contracts';
import { csvField } from '../dashboards/widget-download';

const COLUMNS = [
  'seq',
  'at',
  'user',
  'actingAs',
  'action',
  'target',
  'hexacode',
  'before',
  'after',
  'prevHash',
  'hash',
] as const;

const cell = (entry: AuditEntry, column: (typeof COLUMNS)[number]): string | number | null => {
  const value = entry[column];
  if (column === 'before' || column === 'after') return value === null ? null : JSON.stringify(value);
  return value as string | number | null;
};

/** RFC 4180, one entry a row; before and after as JSON, so a spreadsheet shows them and a script parses them. */
export function auditCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => COLUMNS.map((column) => csvField(cell(entry, column))).join(','));
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
