import { HEXACODE, type AlarmHistoryQuery } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import { parseDate, type DateFormat } from '../dateRange/dateText';
import type { HistoryFilterDraft } from './alarmHistory.events';

export type FilterErrors = Partial<Record<keyof HistoryFilterDraft, MessageId>>;
type Filters = Pick<AlarmHistoryQuery, 'hexacode' | 'department' | 'from' | 'to'>;

const DEPARTMENT = /^\d{1,3}\.\d{1,3}$/;

/**
 * The draft as query filters, or the errors of its fields. Dates are read in the user's format on their
 * wall clock and sent as ISO instants.
 */
export function readFilters(
  draft: HistoryFilterDraft,
  dateFormat: DateFormat,
  timeZone: string,
): { filters: Filters; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const filters: Filters = {};
  const hexacode = draft.hexacode.trim();
  if (hexacode && !HEXACODE.test(hexacode)) errors.hexacode = 'alarmsUi.invalidHexacode';
  else if (hexacode) filters.hexacode = hexacode;
  const department = draft.department.trim();
  if (department && !DEPARTMENT.test(department)) errors.department = 'alarmsUi.invalidDepartment';
  else if (department) filters.department = department;
  for (const field of ['from', 'to'] as const) {
    const text = draft[field].trim();
    if (!text) continue;
    const ms = parseDate(text, dateFormat, timeZone);
    if (ms === null) errors[field] = 'alarmsUi.invalidDate';
    else filters[field] = new Date(ms).toISOString();
  }
  return { filters, errors };
}
