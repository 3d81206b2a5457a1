import { assign, sendParent, setup } from 'xstate';
import type { CaseAddress, LimitBody } from '#contracts';
import type { ReportsFailure } from '../../services/api/reports';
import { failureOf } from '../serviceFailure';
import { limitDraftOf, parseLimit } from './limitDraft';
import type { LimitDraft, LimitsEvent } from './limits.events';
import { notProvided } from '../notProvided';

export interface LimitsContext {
  /** The case being changed. */
  address: CaseAddress | null;
  draft: LimitDraft;
  problem: keyof LimitDraft | null;
  failure: ReportsFailure | null;
  /** The body being stored (a limit, or null to go back to the default). */
  saving: LimitBody | null;
}

const EMPTY: LimitDraft = { class: 'chilled', line: 'air', high: '', low: '', graceDegrees: '', graceMinutes: '' };

/**
 * A case's food-safety limit changed from the report (DEVICES at WRITE): class, line, high and optional low, grace.
 * A stored change tells the report, which is made again with it.
 */
export const limitsMachine = setup({
  types: { context: {} as LimitsContext, events: {} as LimitsEvent },
  actors: {
    saveLimit: notProvided<void, LimitBody>('saveLimit'),
  },
  guards: {
    isDraftValid: ({ context }) => parseLimit(context.draft).ok,
    isReset: ({ context }) => context.saving?.limit === null,
  },
  actions: {
    startDraft: assign((_, params: { address: CaseAddress; draft: LimitDraft }) => ({
      ...params,
      problem: null,
      failure: null,
    })),
    changeDraft: assign(({ context }, params: Partial<LimitDraft>) => ({
      draft: { ...context.draft, ...params },
      problem: null,
    })),
    noteProblem: assign(({ context }) => {
      const parsed = parseLimit(context.draft);
      return { problem: parsed.ok ? null : parsed.field };
    }),
    assignSaving: assign((_, params: { body: LimitBody }) => ({ saving: params.body, failure: null })),
    noteFailure: assign((_, params: { error: unknown }) => ({
      failure: failureOf<ReportsFailure>(params.error),
    })),
    closeDraft: assign({ address: null, saving: null }),
    assignAddress: assign((_, params: { address: CaseAddress }) => ({ address: params.address })),
    announceChange: sendParent({ type: 'report.limitsChanged' }),
  },
}).createMachine({
  id: 'limits',
  context: { address: null, draft: EMPTY, problem: null, failure: null, saving: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'No limit is being changed.',
      on: {
        'limit.editStarted': {
          target: 'editing',
          actions: {
            type: 'startDraft',
            params: ({ event }) => ({ address: event.address, draft: limitDraftOf(event.limit) }),
          },
        },
        'limit.resetRequested': {
          target: 'saving',
          actions: [
            { type: 'assignSaving', params: ({ event }) => ({ body: { ...event.address, limit: null } }) },
            { type: 'assignAddress', params: ({ event }) => ({ address: event.address }) },
          ],
        },
      },
    },
    editing: {
      description: "A case's limit is being written; a value the contract refuses names its field.",
      on: {
        'limit.draftChanged': { actions: { type: 'changeDraft', params: ({ event }) => event.change } },
        'limit.saveRequested': [
          {
            guard: 'isDraftValid',
            target: 'saving',
            actions: {
              type: 'assignSaving',
              params: ({ context }) => {
                const parsed = parseLimit(context.draft);
                return { body: { ...context.address!, limit: parsed.ok ? parsed.limit : null } };
              },
            },
          },
          { actions: 'noteProblem' },
        ],
        'limit.editCancelled': { target: 'idle', actions: 'closeDraft' },
      },
    },
    saving: {
      description: 'The limit is being stored.',
      invoke: {
        id: 'saveLimit',
        src: 'saveLimit',
        input: ({ context }) => context.saving!,
        onDone: { target: 'idle', actions: ['closeDraft', 'announceChange'] },
        onError: [
          {
            // A failed reset goes back to the case's buttons, saying why; a failed change keeps what was typed.
            guard: 'isReset',
            target: 'idle',
            actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
