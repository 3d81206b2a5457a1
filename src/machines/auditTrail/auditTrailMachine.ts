import { assign, setup } from 'xstate';
import type { AuditChain, AuditEntry } from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notProvided } from '../notProvided';
import { isApplicable } from './auditFilter';
import { NO_FILTER, type AuditFilter, type AuditTrailEvent } from './auditTrail.events';

/** How many entries a page shows: the newest first, older ones a page at a time. */
export const AUDIT_PAGE = 50;

/** Which entries to load: those the filter matches, before an entry's seq (the next page) or the newest. */
export interface AuditPageQuery {
  filter: AuditFilter;
  before?: number;
}

export interface AuditTrailContext {
  /** The filters as typed. */
  draft: AuditFilter;
  /** The filters of the entries shown (and of the CSV). */
  applied: AuditFilter;
  entries: AuditEntry[];
  /** Whether entries older than the last one shown match too. */
  hasOlder: boolean;
  /** An apply was refused: the invalid fields say why until they are valid. */
  showErrors: boolean;
  /** What the last check of the hash chain found; null before one. */
  chain: AuditChain | null;
  /** What failed last while the entries showed: the next page, the download or the chain's check. */
  failure: AuditTask | null;
}

/** What the dialog does while the entries show: load the next page, save the CSV, check the chain. */
export type AuditTask = 'older' | 'download' | 'chain';

/**
 * The administrators' audit trail (issue 30's record, read on a screen): who changed what and when, newest first,
 * narrowed by period, device, user and kind of change, a page at a time, and saved as CSV; its hash chain checked
 * whole on demand. It reads only; it ends with an empty output.
 */
export const auditTrailMachine = setup({
  types: {
    context: {} as AuditTrailContext,
    events: {} as AuditTrailEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // GET /api/v2/audit: up to AUDIT_PAGE + 1 entries, the one more telling that older ones match (provided).
    loadEntries: notProvided<AuditEntry[], AuditPageQuery>('loadEntries'),
    // GET /api/v2/audit?format=csv: every entry the filter matches, as a file to save (provided).
    downloadCsv: notProvided<{ fileName: string; blob: Blob }, AuditPageQuery>('downloadCsv'),
    // GET /api/v2/audit/chain (provided).
    checkChain: notProvided<AuditChain>('checkChain'),
  },
  actions: {
    editFilter: assign({
      draft: ({ context, event }) =>
        event.type === 'auditTrail.filterEdited'
          ? { ...context.draft, [event.field]: event.value }
          : context.draft,
    }),
    applyFilter: assign({ applied: ({ context }) => context.draft, showErrors: false }),
    showErrors: assign({ showErrors: true }),
    showPage: assign((_, params: { entries: AuditEntry[] }) => ({
      entries: params.entries.slice(0, AUDIT_PAGE),
      hasOlder: params.entries.length > AUDIT_PAGE,
      failure: null,
    })),
    addOlderPage: assign(({ context }, params: { entries: AuditEntry[] }) => ({
      entries: [...context.entries, ...params.entries.slice(0, AUDIT_PAGE)],
      hasOlder: params.entries.length > AUDIT_PAGE,
      failure: null,
    })),
    clearFailure: assign({ failure: null }),
    failed: assign((_, params: { failure: AuditTask }) => ({ failure: params.failure })),
    showChain: assign((_, params: { chain: AuditChain }) => ({ chain: params.chain, failure: null })),
    // Hands the CSV to the browser's downloads (provided).
    saveFile: (_, _params: { fileName: string; blob: Blob }) => {},
  },
  guards: {
    filterApplicable: ({ context }) => isApplicable(context.draft),
    hasOlder: ({ context }) => context.hasOlder,
  },
}).createMachine({
  id: 'auditTrail',
  context: {
    draft: NO_FILTER,
    applied: NO_FILTER,
    entries: [],
    hasOlder: false,
    showErrors: false,
    chain: null,
    failure: null,
  },
  initial: 'loading',
  on: { 'auditTrail.close': '.closed' },
  states: {
    loading: {
      description: 'The newest entries the applied filters match are being loaded; the filters wait.',
      invoke: {
        id: 'loadEntries',
        src: 'loadEntries',
        input: ({ context }) => ({ filter: context.applied }),
        onDone: {
          target: 'shown',
          actions: { type: 'showPage', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    shown: {
      description:
        'The entries show, newest first; the filters can be edited and applied, older entries loaded, the CSV saved.',
      on: {
        'auditTrail.filterEdited': { actions: 'editFilter' },
        'auditTrail.filterApplied': [
          { guard: 'filterApplicable', target: 'loading', actions: 'applyFilter' },
          { actions: 'showErrors' },
        ],
        'auditTrail.olderRequested': { guard: 'hasOlder', target: 'loadingOlder', actions: 'clearFailure' },
        'auditTrail.downloadRequested': { target: 'downloading', actions: 'clearFailure' },
        'auditTrail.chainCheckRequested': { target: 'checkingChain', actions: 'clearFailure' },
      },
    },
    loadingOlder: {
      description: 'The page before the last entry shown is being loaded, to be added below.',
      invoke: {
        id: 'loadOlder',
        src: 'loadEntries',
        input: ({ context }) => ({ filter: context.applied, before: context.entries.at(-1)?.seq }),
        onDone: {
          target: 'shown',
          actions: { type: 'addOlderPage', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: { target: 'shown', actions: { type: 'failed', params: { failure: 'older' } } },
      },
    },
    downloading: {
      description: 'The CSV of every entry the applied filters match is being made by the server.',
      invoke: {
        id: 'downloadCsv',
        src: 'downloadCsv',
        input: ({ context }) => ({ filter: context.applied }),
        onDone: { target: 'shown', actions: { type: 'saveFile', params: ({ event }) => event.output } },
        onError: { target: 'shown', actions: { type: 'failed', params: { failure: 'download' } } },
      },
    },
    checkingChain: {
      description: "The server walks the tenant's hash chain from its first entry to its last.",
      invoke: {
        id: 'checkChain',
        src: 'checkChain',
        onDone: {
          target: 'shown',
          actions: { type: 'showChain', params: ({ event }) => ({ chain: event.output }) },
        },
        onError: { target: 'shown', actions: { type: 'failed', params: { failure: 'chain' } } },
      },
    },
    loadFailed: {
      description: 'The entries could not be loaded; the administrator may try again or close the dialog.',
      on: { 'auditTrail.retry': 'loading' },
    },
    closed: {
      description: 'The dialog closed.',
      type: 'final',
    },
  },
  output: () => ({}),
});
