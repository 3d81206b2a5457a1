import type { AlarmHistoryQuery } from '#contracts';
import type { ALARM_HISTORY_SORT_FIELDS } from '#contracts';
import type { DateFormat } from '../dateRange/dateText';

export type AlarmHistorySortField = (typeof ALARM_HISTORY_SORT_FIELDS)[number];

/** The filters as the user writes them (dates in their date format); empty text: no filter. */
export interface HistoryFilterDraft {
  hexacode: string;
  department: string;
  from: string;
  to: string;
}

export const EMPTY_FILTERS: HistoryFilterDraft = { hexacode: '', department: '', from: '', to: '' };

/** SPEC §9: 10 rows a page, newest first. */
export const DEFAULT_HISTORY_QUERY: AlarmHistoryQuery = {
  page: 0,
  pageLength: 10,
  sortField: 'occuredAt',
  sortDirection: 'DESC',
};

interface AlarmHistoryOpen {
  dateFormat: DateFormat;
  timeZone: string;
}

export type AlarmHistoryEvent =
  | ({ type: 'history.open' } & AlarmHistoryOpen)
  | { type: 'history.close' }
  | { type: 'history.changePage'; page: number }
  | { type: 'history.changePageLength'; pageLength: AlarmHistoryQuery['pageLength'] }
  /** A header clicked: that column ascending, or the other direction if it is already the sort column. */
  | { type: 'history.sort'; field: AlarmHistorySortField }
  | { type: 'history.editFilter'; field: keyof HistoryFilterDraft; text: string }
  | { type: 'history.applyFilters' }
  | { type: 'history.clearFilters' }
  /** Save every occurrence the applied filters match, in the order shown, as a CSV file. */
  | { type: 'history.download' };
