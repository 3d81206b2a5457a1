import { assign, sendTo, setup } from 'xstate';
import type { SwitchFailure } from '../../services/api/switchAccount';
import {
  ACCOUNT_SEARCH_DEBOUNCE_MS,
  type AccountPage,
  type AccountPageRequest,
  type AccountSortField,
  type Session,
  type SwitchRecordPage,
} from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications } from '../notifications/notify';
import { DEFAULT_ACCOUNT_QUERY, sortedBy, type AccountQuery } from './accountQuery';
import type { SwitchAccountEvent } from './switchAccount.events';
import { failureMessage, switchFailureOf } from './switchFailure';
import { notProvided } from '../notProvided';

export interface SwitchAccountContext {
  query: AccountQuery;
  /** What the search field holds; it becomes the query's searchHint once typing pauses. */
  search: string;
  /** Counts the table's requests (DataTables' draw, echoed by the server). */
  draw: number;
  page: AccountPage | null;
  /** The account being switched to, then the one that could not be. */
  chosen: string | null;
  failure: SwitchFailure | null;
  recordsPage: number;
  records: SwitchRecordPage | null;
  switched: Session | null;
}

/**
 * The switch account dialog (SPEC §2, §4, §9): a server-paged, sortable, searchable table of the tenant's accounts;
 * choosing one signs in as it and ends with its session (the app stores it and reloads). A second tab shows the
 * record of every switch and switch back.
 */
export const switchAccountMachine = setup({
  types: {
    context: {} as SwitchAccountContext,
    events: {} as SwitchAccountEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    loadAccounts: notProvided<AccountPage, AccountPageRequest>('loadAccounts'),
    switchAccount: notProvided<Session, string>('switchAccount'),
    loadRecords: notProvided<SwitchRecordPage, number>('loadRecords'),
  },
  delays: { searchDebounce: ACCOUNT_SEARCH_DEBOUNCE_MS },
  actions: {
    assignQuery: assign({
      query: ({ context }, params: Partial<AccountQuery>) => ({ ...context.query, ...params }),
    }),
    sortBy: assign({
      query: ({ context }, params: { field: AccountSortField }) => sortedBy(context.query, params.field),
    }),
    assignSearch: assign({ search: (_, params: { text: string }) => params.text }),
    applySearch: assign({
      query: ({ context }) => ({ ...context.query, pageNumber: 0, searchHint: context.search.trim() }),
    }),
    nextDraw: assign({ draw: ({ context }) => context.draw + 1 }),
    assignPage: assign({ page: (_, params: { page: AccountPage }) => params.page }),
    assignChosen: assign({ chosen: (_, params: { id: string }) => params.id, failure: null }),
    assignFailure: assign({
      failure: (_, params: { error: unknown }) => switchFailureOf(params.error),
    }),
    clearFailure: assign({ failure: null }),
    // SPEC §8: a failed switch is a notification too.
    notifyFailed: sendTo(notifications, ({ context }) =>
      notificationOf(undefined, { kind: 'error', id: failureMessage(context.failure) }),
    ),
    assignSwitched: assign({ switched: (_, params: { session: Session }) => params.session }),
    assignRecordsPage: assign({ recordsPage: (_, params: { page: number }) => params.page }),
    assignRecords: assign({ records: (_, params: { records: SwitchRecordPage }) => params.records }),
  },
}).createMachine({
  id: 'switchAccount',
  context: {
    query: DEFAULT_ACCOUNT_QUERY,
    search: '',
    draw: 0,
    page: null,
    chosen: null,
    failure: null,
    recordsPage: 0,
    records: null,
    switched: null,
  },
  initial: 'accounts',
  states: {
    accounts: {
      description: "The table of the tenant's accounts: search, sort, page, choose one to act as.",
      initial: 'loading',
      on: {
        'switchAccount.search': {
          target: '.waiting',
          actions: { type: 'assignSearch', params: ({ event }) => ({ text: event.text }) },
        },
        'switchAccount.sort': {
          target: '.loading',
          actions: { type: 'sortBy', params: ({ event }) => ({ field: event.field }) },
        },
        'switchAccount.changePage': {
          target: '.loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ pageNumber: event.page }) },
        },
        'switchAccount.changePageLength': {
          target: '.loading',
          actions: {
            type: 'assignQuery',
            params: ({ event }) => ({ pageLength: event.pageLength, pageNumber: 0 }),
          },
        },
        'switchAccount.choose': {
          target: 'switching',
          actions: { type: 'assignChosen', params: ({ event }) => ({ id: event.id }) },
        },
        'switchAccount.showRecords': 'records',
        'switchAccount.close': 'closed',
      },
      states: {
        waiting: {
          description: 'The search text changed: the table waits for typing to pause (500 ms) before asking.',
          after: { searchDebounce: { target: 'loading', actions: 'applySearch' } },
        },
        loading: {
          description: 'The page of accounts the table asks for is being fetched.',
          // A new table drops the explanation of an earlier failed switch.
          entry: ['nextDraw', 'clearFailure'],
          invoke: {
            id: 'loadAccounts',
            src: 'loadAccounts',
            input: ({ context }) => ({ ...context.query, draw: context.draw }),
            onDone: {
              target: 'ready',
              actions: { type: 'assignPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: 'failed',
          },
        },
        ready: { description: 'The page of accounts is shown; a failed switch is explained above it.' },
        failed: {
          description: 'The accounts could not be loaded; the user may try again.',
          on: { 'switchAccount.retry': 'loading' },
        },
      },
    },
    switching: {
      description: 'Signing in as the chosen account; the dialog waits.',
      invoke: {
        id: 'switchAccount',
        src: 'switchAccount',
        input: ({ context }) => context.chosen!,
        onDone: {
          target: 'switched',
          actions: { type: 'assignSwitched', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'accounts.ready',
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            'notifyFailed',
          ],
        },
      },
    },
    records: {
      description: 'The record of every switch and switch back of the tenant, newest first.',
      initial: 'loading',
      on: {
        'switchAccount.showAccounts': 'accounts',
        'switchAccount.changeRecordsPage': {
          target: '.loading',
          actions: { type: 'assignRecordsPage', params: ({ event }) => ({ page: event.page }) },
        },
        'switchAccount.close': 'closed',
      },
      states: {
        loading: {
          description: 'The page of the record is being fetched.',
          invoke: {
            id: 'loadRecords',
            src: 'loadRecords',
            input: ({ context }) => context.recordsPage,
            onDone: {
              target: 'ready',
              actions: { type: 'assignRecords', params: ({ event }) => ({ records: event.output }) },
            },
            onError: 'failed',
          },
        },
        ready: { description: 'The page of the record is shown.' },
        failed: {
          description: 'The record could not be loaded; the user may try again.',
          on: { 'switchAccount.retry': 'loading' },
        },
      },
    },
    switched: {
      description: 'Signed in as the chosen account: the app stores the session and reloads.',
      type: 'final',
    },
    closed: { description: 'Closed without switching.', type: 'final' },
  },
  output: ({ context }) => (context.switched ? { session: context.switched } : {}),
});
