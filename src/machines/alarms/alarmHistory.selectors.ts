import type { SnapshotFrom } from 'xstate';
import type { alarmHistoryMachine } from './alarmHistoryMachine';
import type { AlarmHistorySortField } from './alarmHistory.events';
import { ariaSortOf, pageCountOf, type AriaSort } from '../pagedQuery';

type Snapshot = SnapshotFrom<typeof alarmHistoryMachine>;

/** SPEC §9: the pagination shows 5 pages. */
const VISIBLE_PAGES = 5;

export const selectHistoryOpen = (s: Snapshot): boolean => s.matches('open');
export const selectHistoryLoading = (s: Snapshot): boolean => s.matches({ open: 'loading' });
export const selectHistoryDownloading = (s: Snapshot): boolean => s.matches({ open: 'downloading' });
/** The CSV can be asked for: a page is shown and the filters match something. */
export const selectMayDownloadHistory = (s: Snapshot): boolean =>
  s.matches({ open: 'ready' }) && selectHistoryTotal(s) > 0;
export const selectHistoryError = (s: Snapshot) => (s.matches({ open: 'failed' }) ? s.context.error : null);
export const selectHistoryRows = (s: Snapshot) => s.context.page?.data ?? [];
export const selectHistoryTotal = (s: Snapshot): number => s.context.page?.recordsFiltered ?? 0;
export const selectHistoryQuery = (s: Snapshot) => s.context.query;
export const selectFilterDraft = (s: Snapshot) => s.context.draft;
export const selectFilterErrors = (s: Snapshot) => s.context.filterErrors;
export const selectHistoryDateFormat = (s: Snapshot) => s.context.dateFormat;
export const selectHistoryTimeZone = (s: Snapshot) => s.context.timeZone;

/** aria-sort of a column header. */
export const selectSortOf =
  (field: AlarmHistorySortField) =>
  (s: Snapshot): AriaSort =>
    ariaSortOf(s.context.query, field);

export const selectPageCount = (s: Snapshot): number =>
  pageCountOf(selectHistoryTotal(s), s.context.query.pageLength);

/** The (at most 5) page indexes the pagination offers, centred on the current page. */
export function visiblePages(current: number, count: number): number[] {
  const first = Math.max(0, Math.min(current - Math.floor(VISIBLE_PAGES / 2), count - VISIBLE_PAGES));
  return Array.from({ length: Math.min(VISIBLE_PAGES, count) }, (_, index) => first + index);
}
