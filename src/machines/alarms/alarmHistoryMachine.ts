import { assign, sendTo, setup } from 'xstate';
import type { AlarmHistoryPage, AlarmHistoryQuery } from '#contracts';
import type { DateFormat } from '../dateRange/dateText';
import type { MessageId } from '../../i18n/messages';
import { notificationOf, notifications, notifying } from '../notifications/notify';
import {
  DEFAULT_HISTORY_QUERY,
  EMPTY_FILTERS,
  type AlarmHistoryEvent,
  type AlarmHistorySortField,
  type HistoryFilterDraft,
} from './alarmHistory.events';
import { readFilters, type FilterErrors } from './historyFilters';
import { notProvided } from '../notProvided';
import { serverReasonOf } from '../message';
import { toggledSort } from '../pagedQuery';

export interface AlarmHistoryContext {
  query: AlarmHistoryQuery;
  page: AlarmHistoryPage | null;
  draft: HistoryFilterDraft;
  filterErrors: FilterErrors;
  /** Why the last load failed: the server's reason, or null when none came. */
  error: HistoryError | null;
  dateFormat: DateFormat;
  timeZone: string;
}

type HistoryError = { id: MessageId; values?: Record<string, string> };

/** A header clicked: sorted by that column (see toggledSort), from the first page. */
const sorted = (query: AlarmHistoryQuery, field: AlarmHistorySortField): AlarmHistoryQuery => ({
  ...query,
  page: 0,
  ...toggledSort(query, field),
});

/** The alarm history dialog: server-side pages, sorting and filters (SPEC §3, §9). */
export const alarmHistoryMachine = setup({
  types: {
    context: {} as AlarmHistoryContext,
    events: {} as AlarmHistoryEvent,
  },
  actors: {
    // GET /api/v2/alarms/history (provided).
    loadHistory: notProvided<AlarmHistoryPage, AlarmHistoryQuery>('loadHistory'),
    // GET /api/v2/alarms/history?format=csv: the file of every occurrence the query matches (provided).
    downloadCsv: notProvided<{ fileName: string; blob: Blob }, AlarmHistoryQuery>('downloadCsv'),
  },
  guards: {
    hasRows: ({ context }) => (context.page?.recordsFiltered ?? 0) > 0,
    filtersValid: ({ context }) =>
      Object.keys(readFilters(context.draft, context.dateFormat, context.timeZone).errors).length === 0,
  },
  actions: {
    reset: assign((_, params: { dateFormat: DateFormat; timeZone: string }) => ({
      ...params,
      query: DEFAULT_HISTORY_QUERY,
      page: null,
      draft: EMPTY_FILTERS,
      filterErrors: {},
      error: null,
    })),
    assignQuery: assign({
      query: ({ context }, params: Partial<AlarmHistoryQuery>) => ({ ...context.query, ...params }),
    }),
    sortBy: assign({
      query: ({ context }, params: { field: AlarmHistorySortField }) => sorted(context.query, params.field),
    }),
    editFilter: assign({
      draft: ({ context }, params: { field: keyof HistoryFilterDraft; text: string }) => ({
        ...context.draft,
        [params.field]: params.text,
      }),
    }),
    showFilterErrors: assign({
      filterErrors: ({ context }) => readFilters(context.draft, context.dateFormat, context.timeZone).errors,
    }),
    applyFilters: assign(({ context }) => {
      const { hexacode: _h, department: _d, from: _f, to: _t, ...rest } = context.query;
      const { filters } = readFilters(context.draft, context.dateFormat, context.timeZone);
      return { query: { ...rest, ...filters, page: 0 }, filterErrors: {} };
    }),
    clearFilters: assign(({ context }) => {
      const { hexacode: _h, department: _d, from: _f, to: _t, ...rest } = context.query;
      return { query: { ...rest, page: 0 }, draft: EMPTY_FILTERS, filterErrors: {} };
    }),
    assignPage: assign({ page: (_, params: { page: AlarmHistoryPage }) => params.page, error: null }),
    assignError: assign({
      error: (_, params: { error: unknown }): HistoryError => {
        const reason = serverReasonOf(params.error);
        return reason
          ? { id: 'alarmsUi.historyFailed', values: { reason } }
          : { id: 'alarmsUi.historyFailedPlain' };
      },
    }),
    // SPEC §8: a failed history load is also a notification, with the reason.
    notifyFailed: sendTo(notifications, ({ context }) =>
      notificationOf(undefined, { kind: 'error', ...context.error! }),
    ),
    notifyDownloadFailed: notifying('error', 'alarmsUi.downloadFailed'),
    // Hands the CSV to the browser's downloads (provided).
    saveFile: (_, _params: { fileName: string; blob: Blob }) => {},
  },
}).createMachine({
  id: 'alarmHistory',
  context: {
    query: DEFAULT_HISTORY_QUERY,
    page: null,
    draft: EMPTY_FILTERS,
    filterErrors: {},
    error: null,
    dateFormat: 'dd-LL-yyyy HH:mm',
    timeZone: 'UTC',
  },
  initial: 'closed',
  states: {
    closed: {
      description: 'The alarm history dialog is not shown.',
      on: {
        'history.open': {
          target: 'open',
          actions: {
            type: 'reset',
            params: ({ event }) => ({ dateFormat: event.dateFormat, timeZone: event.timeZone }),
          },
        },
      },
    },
    open: {
      description: 'The alarm history dialog is open: the user pages, sorts and filters past alarms.',
      initial: 'loading',
      on: {
        'history.close': 'closed',
        'history.changePage': {
          target: '.loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ page: event.page }) },
        },
        'history.changePageLength': {
          target: '.loading',
          actions: {
            type: 'assignQuery',
            params: ({ event }) => ({ pageLength: event.pageLength, page: 0 }),
          },
        },
        'history.sort': {
          target: '.loading',
          actions: { type: 'sortBy', params: ({ event }) => ({ field: event.field }) },
        },
        'history.editFilter': {
          actions: { type: 'editFilter', params: ({ event }) => ({ field: event.field, text: event.text }) },
        },
        'history.applyFilters': [
          { guard: 'filtersValid', target: '.loading', actions: 'applyFilters' },
          { actions: 'showFilterErrors' },
        ],
        'history.clearFilters': { target: '.loading', actions: 'clearFilters' },
      },
      states: {
        loading: {
          description: 'The requested page of the history is being fetched.',
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => context.query,
            onDone: {
              target: 'ready',
              actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
                'notifyFailed',
              ],
            },
          },
        },
        ready: {
          description: 'The page of past alarms is shown; what the filters match can be saved as CSV.',
          on: { 'history.download': { guard: 'hasRows', target: 'downloading' } },
        },
        downloading: {
          description:
            'The server writes the CSV of every occurrence the applied filters match while the page stays shown; paging, sorting or filtering asks for other rows instead.',
          invoke: {
            id: 'downloadCsv',
            src: 'downloadCsv',
            input: ({ context }) => context.query,
            onDone: { target: 'ready', actions: { type: 'saveFile', params: ({ event }) => event.output } },
            onError: { target: 'ready', actions: 'notifyDownloadFailed' },
          },
        },
        failed: {
          description: 'The history could not be loaded; the reason is shown and a notification says so.',
        },
      },
    },
  },
});
