import { caseKey } from '#contracts';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { reportsMachine } from './reportsMachine';
import type { LimitDraft } from './limits.events';
import type { limitsMachine } from './limitsMachine';

type LimitsSnapshot = SnapshotFrom<typeof limitsMachine>;
export type LimitsActor = ActorRefFrom<typeof limitsMachine>;

/** The limits editor's workflow, running while the Reports screen has its stores. */
export const selectLimitsActor = (s: SnapshotFrom<typeof reportsMachine>) =>
  s.children.limits as LimitsActor | undefined;

/** The case being changed, stored or last refused ('' when none). */
export const selectLimitCase = (s: LimitsSnapshot): string =>
  s.context.address ? caseKey(s.context.address) : '';
/** The case whose limit form is open ('' when none). */
export const selectEditingCase = (s: LimitsSnapshot): string =>
  s.matches('editing') || (s.matches('saving') && s.context.saving?.limit !== null) ? selectLimitCase(s) : '';
export const selectIsSavingLimit = (s: LimitsSnapshot): boolean => s.matches('saving');
export const selectLimitField =
  (field: keyof LimitDraft) =>
  (s: LimitsSnapshot): string =>
    s.context.draft[field];
/** The field the contract refused ('' when none). */
export const selectLimitProblem = (s: LimitsSnapshot): string => s.context.problem ?? '';
/** Why storing failed ('' when it did not). */
export const selectLimitFailure = (s: LimitsSnapshot): string => s.context.failure?.kind ?? '';
