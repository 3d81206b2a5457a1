import { assign, setup } from 'xstate';
import type { AlarmDelays, EscalationPolicy, EscalationTestRun, UserSummary } from '#contracts';
import type { EscalationFailure } from '../../services/api/escalation';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notProvided } from '../notProvided';
import {
  checkDraft,
  draftOf,
  fieldKey,
  messageOfField,
  newRow,
  type CodeList,
  type EscalationDraft,
  type FieldErrors,
} from './escalationDraft';
import {
  newLevel,
  planOf,
  planOfKey,
  planPrefix,
  planWithErrors,
  withPlan,
  type PlanDraft,
  type PlanName,
} from './escalationPlan';
import type { EscalationLoaded, EscalationPolicyEvent, EscalationTab } from './escalationPolicy.events';

/** Why the policy is not shown or not saved: acting as another user (or not an administrator), or no answer. */
export type EscalationProblem = 'forbidden' | 'unavailable' | null;

export interface EscalationPolicyContext {
  tab: EscalationTab;
  /** The plan shown on the Escalation tab. */
  plan: PlanName;
  draft: EscalationDraft | null;
  users: UserSummary[];
  /** The weekly test alarms as loaded, newest first: the record that the alarm path works. */
  testRuns: EscalationTestRun[];
  errors: FieldErrors;
  problem: EscalationProblem;
  /** The last save succeeded and nothing was edited since. */
  saved: boolean;
}

export interface EscalationSave {
  policy: EscalationPolicy;
  delays: AlarmDelays;
}

/** The errors but those of the fields `drop` says were edited. */
const without = (errors: FieldErrors, drop: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !drop(key)));
const edited = { saved: false, problem: null } as const;
const editRow = (rows: EscalationDraft['levels'], index: number, patch: object) =>
  rows.map((row, i) => (i === index ? { ...row, ...patch } : row));
/** The draft with the shown plan changed (the guards let only a shown plan that exists be edited). */
const editShownPlan = (context: EscalationPolicyContext, change: (plan: PlanDraft) => PlanDraft) =>
  withPlan(context.draft!, context.plan, change(planOf(context.draft!, context.plan)!));

/**
 * The administrators' escalation policy and alarm delays (issue 31): loads both with the users a level may name,
 * edits a draft checked by the shared contracts, and saves both; a 400 marks the field it names, a 403 (acting as
 * another user) says so. It ends with an empty output.
 */
export const escalationPolicyMachine = setup({
  types: {
    context: {} as EscalationPolicyContext,
    events: {} as EscalationPolicyEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // GET the policy, the delays and the tenant's users (provided, see provideEscalationPolicy).
    loadPolicy: notProvided<EscalationLoaded>('loadPolicy'),
    // PUT the policy, then the delays; rejects with an EscalationFailure.
    savePolicy: notProvided<EscalationSave, EscalationSave>('savePolicy'),
  },
  guards: {
    draftValid: ({ context }) => context.draft !== null && checkDraft(context.draft).valid,
    priorityShown: ({ context }) => context.plan !== 'all',
    shownPlanOwn: ({ context }) =>
      context.draft !== null && planOf(context.draft, context.plan) !== undefined,
  },
  actions: {
    assignLoaded: assign((_, params: EscalationLoaded) => ({
      draft: draftOf(params.policy, params.delays),
      users: params.users,
      testRuns: params.testRuns,
      errors: {},
      problem: null,
    })),
    assignSaved: assign((_, params: EscalationSave) => ({
      draft: draftOf(params.policy, params.delays),
      errors: {},
      problem: null,
      saved: true,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      problem:
        (params.error as Partial<EscalationFailure>)?.kind === 'forbidden' ? 'forbidden' : 'unavailable',
    })),
    /** A 400 marks its field (or the form), a 403 or anything else says so above the form. */
    assignSaveFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = params.error as Partial<EscalationFailure> | null;
      if (failure?.kind === 'invalid') {
        const key = fieldKey(failure.field ?? '', context.draft!) || 'form';
        const errors = { [key]: messageOfField(key) };
        return { errors, plan: planWithErrors(errors, context.plan), problem: null };
      }
      return { problem: failure?.kind === 'forbidden' ? 'forbidden' : 'unavailable' } as const;
    }),
    showDraftErrors: assign(({ context }) => {
      const checked = checkDraft(context.draft!);
      const errors = checked.valid ? {} : checked.errors;
      return { errors, plan: planWithErrors(errors, context.plan), saved: false };
    }),
    chooseTab: assign({ tab: (_, params: { tab: EscalationTab }) => params.tab }),
    choosePlan: assign({ plan: (_, params: { plan: PlanName }) => params.plan }),
    // A priority's own plan starts as the common plan: the administrator changes what differs.
    toggleOwnPlan: assign(({ context }, params: { own: boolean }) => ({
      draft: withPlan(context.draft!, context.plan, params.own ? planOf(context.draft!, 'all') : undefined),
      errors: without(context.errors, (key) => key.startsWith(planPrefix(context.plan))),
      ...edited,
    })),
    editPolicy: assign(({ context }, params: { patch: Partial<EscalationDraft> }) => ({
      draft: { ...context.draft!, ...params.patch },
      errors: without(
        context.errors,
        (key) => planOfKey(key) === undefined && !/^(codePriorities|delays)\./.test(key),
      ),
      ...edited,
    })),
    editRepeat: assign(({ context }, params: { patch: Partial<PlanDraft> }) => ({
      draft: editShownPlan(context, (plan) => ({ ...plan, ...params.patch })),
      errors: without(context.errors, (key) => key === `${planPrefix(context.plan)}repeatSeconds`),
      ...edited,
    })),
    addLevel: assign(({ context }) => ({
      draft: editShownPlan(context, (plan) => ({ ...plan, levels: [...plan.levels, newLevel()] })),
      ...edited,
    })),
    editLevel: assign(({ context }, params: { index: number; patch: object }) => {
      const levels = `${planPrefix(context.plan)}levels`;
      return {
        draft: editShownPlan(context, (plan) => ({
          ...plan,
          levels: editRow(plan.levels, params.index, params.patch),
        })),
        errors: without(
          context.errors,
          (key) => key === levels || key.startsWith(`${levels}.${params.index}.`),
        ),
        ...edited,
      };
    }),
    // Indexes shift: errors of the old rows no longer say where they are.
    removeLevel: assign(({ context }, params: { index: number }) => ({
      draft: editShownPlan(context, (plan) => ({
        ...plan,
        levels: plan.levels.filter((_, i) => i !== params.index),
      })),
      errors: {},
      ...edited,
    })),
    addRow: assign(({ context }, params: { list: CodeList }) => ({
      draft: { ...context.draft!, [params.list]: [...context.draft![params.list], newRow(params.list)] },
      ...edited,
    })),
    editRow: assign(({ context }, params: { list: CodeList; index: number; patch: object }) => ({
      draft: {
        ...context.draft!,
        [params.list]: editRow(context.draft![params.list] as never, params.index, params.patch),
      },
      errors: without(context.errors, (key) => key.startsWith(`${params.list}.${params.index}.`)),
      ...edited,
    })),
    removeRow: assign(({ context }, params: { list: CodeList; index: number }) => ({
      draft: {
        ...context.draft!,
        [params.list]: context.draft![params.list].filter((_, i) => i !== params.index),
      },
      errors: {},
      ...edited,
    })),
  },
}).createMachine({
  id: 'escalationPolicy',
  context: {
    tab: 'levels',
    plan: 'all',
    draft: null,
    users: [],
    testRuns: [],
    errors: {},
    problem: null,
    saved: false,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The policy, the alarm delays and the tenant’s users are being loaded.',
      invoke: {
        id: 'loadPolicy',
        src: 'loadPolicy',
        onDone: { target: 'editing', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'escalation.close': 'closed' },
    },
    loadFailed: {
      description: 'The policy could not be loaded (or is refused while acting as another user).',
      on: { 'escalation.retry': 'loading', 'escalation.close': 'closed' },
    },
    editing: {
      description:
        'The administrator edits the common plan and each priority’s own plan (levels, repeats, bands), the policy’s times, priorities and delays; a save is sent only when the contract accepts the draft, else the plan with an error is shown.',
      on: {
        'escalation.tabChose': { actions: { type: 'chooseTab', params: ({ event }) => event } },
        'escalation.edited': { actions: { type: 'editPolicy', params: ({ event }) => event } },
        'escalation.planChosen': { actions: { type: 'choosePlan', params: ({ event }) => event } },
        'escalation.ownPlanToggled': {
          guard: 'priorityShown',
          actions: { type: 'toggleOwnPlan', params: ({ event }) => event },
        },
        'escalation.repeatEdited': {
          guard: 'shownPlanOwn',
          actions: { type: 'editRepeat', params: ({ event }) => event },
        },
        'escalation.levelAdded': { guard: 'shownPlanOwn', actions: 'addLevel' },
        'escalation.levelEdited': {
          guard: 'shownPlanOwn',
          actions: { type: 'editLevel', params: ({ event }) => event },
        },
        'escalation.levelRemoved': {
          guard: 'shownPlanOwn',
          actions: { type: 'removeLevel', params: ({ event }) => event },
        },
        'escalation.rowAdded': { actions: { type: 'addRow', params: ({ event }) => event } },
        'escalation.rowEdited': { actions: { type: 'editRow', params: ({ event }) => event } },
        'escalation.rowRemoved': { actions: { type: 'removeRow', params: ({ event }) => event } },
        'escalation.save': [{ guard: 'draftValid', target: 'saving' }, { actions: 'showDraftErrors' }],
        'escalation.close': 'closed',
      },
    },
    saving: {
      description: 'The policy and the delays are being saved.',
      invoke: {
        id: 'savePolicy',
        src: 'savePolicy',
        input: ({ context }) => {
          const checked = checkDraft(context.draft!);
          if (!checked.valid) throw new Error('saving an invalid draft');
          return { policy: checked.policy, delays: checked.delays };
        },
        onDone: { target: 'editing', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    closed: { description: 'The dialog closed.', type: 'final' },
  },
  output: () => ({}),
});
