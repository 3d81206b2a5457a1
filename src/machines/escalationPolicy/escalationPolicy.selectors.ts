import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { EscalationTestRun, UserSummary } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import type { CodeList, CodeRow, PolicyFields } from './escalationDraft';
import { planOf, planPrefix, type LevelDraft, type PlanDraft, type PlanName } from './escalationPlan';
import type { EscalationTab } from './escalationPolicy.events';
import type { EscalationProblem, escalationPolicyMachine } from './escalationPolicyMachine';

type EscalationSnapshot = SnapshotFrom<typeof escalationPolicyMachine>;
export type EscalationPolicyActor = ActorRefFrom<typeof escalationPolicyMachine>;

export type EscalationView = 'loading' | 'loadFailed' | 'editing' | 'saving';

export const selectView = (s: EscalationSnapshot): EscalationView =>
  (['loading', 'loadFailed', 'saving'] as const).find((state) => s.matches(state)) ?? 'editing';
export const selectTab = (s: EscalationSnapshot): EscalationTab => s.context.tab;
export const selectProblem = (s: EscalationSnapshot): EscalationProblem => s.context.problem;
export const selectSaved = (s: EscalationSnapshot): boolean => s.context.saved;
export const selectPlan = (s: EscalationSnapshot): PlanName => s.context.plan;
const shownPlan = (s: EscalationSnapshot) =>
  s.context.draft ? planOf(s.context.draft, s.context.plan) : undefined;
/** The shown plan is edited here: the common one, or a priority with its own plan. */
export const selectOwnPlan = (s: EscalationSnapshot): boolean => shownPlan(s) !== undefined;
/** The start of the error keys of the shown plan's fields ("priorities.low." or ''). */
export const selectPlanPrefix = (s: EscalationSnapshot): string => planPrefix(s.context.plan);
export const selectLevelCount = (s: EscalationSnapshot): number => shownPlan(s)?.levels.length ?? 0;
export const selectRepeat =
  <K extends 'repeat' | 'repeatUnit'>(field: K) =>
  (s: EscalationSnapshot): PlanDraft[K] | undefined =>
    shownPlan(s)?.[field];
export const selectRowCount =
  (list: CodeList) =>
  (s: EscalationSnapshot): number =>
    s.context.draft?.[list].length ?? 0;

/** A level of the shown plan as drafted: the same object until it is edited. */
export const selectLevel =
  (index: number) =>
  (s: EscalationSnapshot): LevelDraft | undefined =>
    shownPlan(s)?.levels[index];
export const selectRow =
  (list: CodeList, index: number) =>
  (s: EscalationSnapshot): CodeRow | undefined =>
    s.context.draft?.[list][index];
export const selectField =
  <K extends keyof PolicyFields>(field: K) =>
  (s: EscalationSnapshot): PolicyFields[K] | undefined =>
    s.context.draft?.[field];
/** The users a level may name: the same array until the next load. */
export const selectUsers = (s: EscalationSnapshot): UserSummary[] => s.context.users;
/** How many test alarms the dialog shows: the last five weeks. */
const TEST_RUNS_SHOWN = 5;
export const selectTestRunCount = (s: EscalationSnapshot): number =>
  Math.min(s.context.testRuns.length, TEST_RUNS_SHOWN);
/** The `index`th newest test alarm: the same object until the next load. */
export const selectTestRun =
  (index: number) =>
  (s: EscalationSnapshot): EscalationTestRun | undefined =>
    s.context.testRuns[index];

/** The catalogue message of a field's error ('' when it has none), by its key ("levels.0.emails"). */
export const selectError =
  (key: string) =>
  (s: EscalationSnapshot): MessageId | '' =>
    s.context.errors[key] ?? '';
