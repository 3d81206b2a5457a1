import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ReportFrequency, ReportSchedule } from '#contracts';
import type { reportsMachine } from './reportsMachine';
import type { schedulesMachine } from './schedulesMachine';

type SchedulesSnapshot = SnapshotFrom<typeof schedulesMachine>;
export type SchedulesActor = ActorRefFrom<typeof schedulesMachine>;

/** The schedules' workflow, running while the Reports screen has its stores. */
export const selectSchedulesActor = (s: SnapshotFrom<typeof reportsMachine>) =>
  s.children.schedules as SchedulesActor | undefined;

export type SchedulesView = 'loading' | 'failed' | 'listed' | 'editing' | 'saving' | 'removing';
export const selectSchedulesView = (s: SchedulesSnapshot): SchedulesView =>
  (['loading', 'failed', 'editing', 'saving', 'removing'] as const).find((state) => s.matches(state)) ?? 'listed';
export const selectSchedules = (s: SchedulesSnapshot): readonly ReportSchedule[] => s.context.schedules;
export const selectDraftId = (s: SchedulesSnapshot): string => s.context.draft.id ?? '';
export const selectDraftStore = (s: SchedulesSnapshot): string => s.context.draft.businessGroup;
export const selectDraftFrequency = (s: SchedulesSnapshot): ReportFrequency => s.context.draft.frequency;
export const selectDraftRecipients = (s: SchedulesSnapshot): string => s.context.draft.recipients;
/** The field the contract refused ('' when none). */
export const selectDraftProblem = (s: SchedulesSnapshot): string => s.context.problem ?? '';
/** Why the last call failed ('' when it did not). */
export const selectSchedulesFailure = (s: SchedulesSnapshot): string => s.context.failure?.kind ?? '';
