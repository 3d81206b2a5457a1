import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FoodSafetyDepartment } from '#contracts';
import type { ReportsFailure } from '../../services/api/reports';
import type { StoreOption } from './reports.setup';
import type { reportsMachine } from './reportsMachine';

type ReportsSnapshot = SnapshotFrom<typeof reportsMachine>;
export type ReportsActor = ActorRefFrom<typeof reportsMachine>;

export type ReportsView = 'starting' | 'unavailable' | 'choosing' | 'loading' | 'failed' | 'shown';
/** What is under way on a shown report. */
export type ReportsBusy = 'idle' | 'downloading' | 'writingAction' | 'signingOff';

export const selectView = (s: ReportsSnapshot): ReportsView =>
  (['starting', 'unavailable'] as const).find((state) => s.matches(state)) ??
  (['choosing', 'loading', 'failed'] as const).find((state) => s.matches({ ready: state })) ??
  'shown';
export const selectBusy = (s: ReportsSnapshot): ReportsBusy =>
  (['downloading', 'writingAction', 'signingOff'] as const).find((state) =>
    s.matches({ ready: { shown: state } }),
  ) ?? 'idle';
export const selectStores = (s: ReportsSnapshot): readonly StoreOption[] => s.context.stores;
export const selectStore = (s: ReportsSnapshot): string => s.context.choice.store ?? '';
export const selectFrom = (s: ReportsSnapshot): string => s.context.choice.from;
export const selectTo = (s: ReportsSnapshot): string => s.context.choice.to;
export const selectCanRequest = (s: ReportsSnapshot): boolean => s.can({ type: 'report.requested' });
export const selectReportName = (s: ReportsSnapshot): string => s.context.report?.scope.name ?? '';
/** The instants the shown report spans ('' before one shows). */
export const selectReportFrom = (s: ReportsSnapshot): string => s.context.report?.from ?? '';
export const selectReportTo = (s: ReportsSnapshot): string => s.context.report?.to ?? '';
export const selectDepartments = (s: ReportsSnapshot): readonly FoodSafetyDepartment[] =>
  s.context.report?.departments ?? [];
/** Which step the notice is about ('' without one). */
export const selectNoticeStep = (s: ReportsSnapshot): string => s.context.notice?.step ?? '';
/** Why the step failed ('stored' when it did not). */
export const selectNoticeKind = (s: ReportsSnapshot): ReportsFailure['kind'] | 'stored' | '' =>
  s.context.notice ? (s.context.notice.failure?.kind ?? 'stored') : '';
/** A 403 because an administrator acts as another account (a sign-off attests who approved). */
export const selectNoticeWhileSwitched = (s: ReportsSnapshot): boolean => {
  const failure = s.context.notice?.failure;
  return failure?.kind === 'forbidden' && failure.switched;
};
