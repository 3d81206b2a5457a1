import { assign, setup } from 'xstate';
import type { ReportSchedule, ReportScheduleInput } from '#contracts';
import type { ReportsFailure } from '../../services/api/reports';
import { failureOf } from '../serviceFailure';
import { draftOf, newDraft, parseDraft, type DraftProblem } from './scheduleDraft';
import type { ScheduleDraft, SchedulesEvent } from './schedules.events';
import { notProvided } from '../notProvided';

export interface SchedulesContext {
  schedules: ReportSchedule[];
  /** The store a new schedule starts with (the report's). */
  store: string;
  draft: ScheduleDraft;
  problem: DraftProblem | null;
  failure: ReportsFailure | null;
  removing: string | null;
}


/**
 * The scheduled reports of the tenant (on the Reports screen): listed, added, changed (a new schedule replaces the
 * old one) and removed. Drafts are checked with the shared contract before they are sent.
 */
export const schedulesMachine = setup({
  types: {
    context: {} as SchedulesContext,
    events: {} as SchedulesEvent,
    input: {} as { store: string },
  },
  actors: {
    listSchedules: notProvided<ReportSchedule[]>('listSchedules'),
    // Creates the schedule, then removes the one it replaces (provided, see provideReports).
    saveSchedule: notProvided<ReportSchedule[], { input: ReportScheduleInput; replaces: string | null }>('saveSchedule'),
    removeSchedule: notProvided<void, { id: string }>('removeSchedule'),
  },
  guards: {
    isDraftValid: ({ context }) => parseDraft(context.draft).ok,
    isListed: ({ context }, params: { id: string }) => context.schedules.some((s) => s.id === params.id),
  },
  actions: {
    assignSchedules: assign((_, params: { schedules: ReportSchedule[] }) => ({
      schedules: params.schedules,
      failure: null,
    })),
    startDraft: assign(({ context }, params: { id: string | null }) => {
      const existing = context.schedules.find((s) => s.id === params.id);
      return { draft: existing ? draftOf(existing) : newDraft(context.store), problem: null, failure: null };
    }),
    changeDraft: assign(({ context }, params: Partial<ScheduleDraft>) => ({
      draft: { ...context.draft, ...params },
      problem: null,
    })),
    noteProblem: assign(({ context }) => {
      const parsed = parseDraft(context.draft);
      return { problem: parsed.ok ? null : parsed.problem };
    }),
    noteFailure: assign((_, params: { error: unknown }) => ({
      failure: failureOf<ReportsFailure>(params.error),
    })),
    assignRemoving: assign((_, params: { id: string | null }) => ({ removing: params.id })),
    clearFailure: assign({ failure: null }),
    dropRemoved: assign(({ context }) => ({
      schedules: context.schedules.filter((s) => s.id !== context.removing),
      removing: null,
    })),
  },
}).createMachine({
  id: 'schedules',
  context: ({ input }) => ({
    schedules: [],
    store: input.store,
    draft: newDraft(input.store),
    problem: null,
    failure: null,
    removing: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The tenant's scheduled reports are read.",
      invoke: {
        id: 'listSchedules',
        src: 'listSchedules',
        onDone: {
          target: 'listed',
          actions: { type: 'assignSchedules', params: ({ event }) => ({ schedules: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'The schedules could not be read; the user may try again.',
      on: { 'schedules.retried': 'loading' },
    },
    listed: {
      description: 'The schedules are listed; one may be added, changed or removed.',
      on: {
        'schedule.addStarted': {
          target: 'editing',
          actions: { type: 'startDraft', params: { id: null } },
        },
        'schedule.editStarted': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'editing',
          actions: { type: 'startDraft', params: ({ event }) => ({ id: event.id }) },
        },
        'schedule.removeRequested': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'removing',
          actions: ['clearFailure', { type: 'assignRemoving', params: ({ event }) => ({ id: event.id }) }],
        },
      },
    },
    editing: {
      description: 'A schedule is being written; a draft the contract refuses names its field.',
      on: {
        'schedule.draftChanged': {
          actions: { type: 'changeDraft', params: ({ event }) => event.change },
        },
        'schedule.saveRequested': [
          { guard: 'isDraftValid', target: 'saving' },
          { actions: 'noteProblem' },
        ],
        'schedule.editCancelled': 'listed',
      },
    },
    saving: {
      description: 'The schedule is being stored.',
      invoke: {
        id: 'saveSchedule',
        src: 'saveSchedule',
        input: ({ context }) => {
          const parsed = parseDraft(context.draft);
          return { input: parsed.ok ? parsed.input : ({} as ReportScheduleInput), replaces: context.draft.id };
        },
        onDone: {
          target: 'listed',
          actions: { type: 'assignSchedules', params: ({ event }) => ({ schedules: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      description: 'A schedule is being removed.',
      invoke: {
        id: 'removeSchedule',
        src: 'removeSchedule',
        input: ({ context }) => ({ id: context.removing ?? '' }),
        onDone: { target: 'listed', actions: 'dropRemoved' },
        onError: {
          target: 'listed',
          actions: [
            { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'assignRemoving', params: { id: null } },
          ],
        },
      },
    },
  },
});
