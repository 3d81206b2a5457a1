import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { HistoryResult } from '#contracts';
import type { AlarmMarksActor } from '../alarmMarks/alarmMarks.selectors';
import type { historyQueryMachine } from './historyQueryMachine';

type HistoryQuerySnapshot = SnapshotFrom<typeof historyQueryMachine>;
export type HistoryQueryActor = ActorRefFrom<typeof historyQueryMachine>;

export type HistoryStatus = 'empty' | 'loading' | 'ready' | 'failed';

export const selectHistoryStatus = (s: HistoryQuerySnapshot): HistoryStatus =>
  s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : s.matches('empty') ? 'empty' : 'loading';
/** The last answer (kept while another range loads): the same object until a new one arrives. */
export const selectHistoryResult = (s: HistoryQuerySnapshot): HistoryResult | null => s.context.result;
export const selectIsZoomed = (s: HistoryQuerySnapshot): boolean => s.context.zoom !== null;
/** The preset chosen from the header ('' for the widget's own range). */
export const selectViewType = (s: HistoryQuerySnapshot): string => s.context.view?.type ?? '';
/** The chart's alarm marks actor (its child for as long as the chart lives). */
export const selectAlarmMarksActor = (s: HistoryQuerySnapshot): AlarmMarksActor =>
  s.children.alarmMarks as AlarmMarksActor;
export const selectTimeZone = (s: HistoryQuerySnapshot): string => s.context.timeZone;
