import { useSelector } from '@xstate/react';
import { selectHistoryActor } from '../../../machines/dashboardEditor/historyActors';
import {
  selectAlarmMarksActor,
  selectHistoryResult,
  selectHistoryStatus,
  selectIsZoomed,
  selectTimeZone,
  selectViewType,
  type HistoryQueryActor,
  type HistoryStatus,
} from '../../../machines/historyQuery/historyQuery.selectors';
import type { HistoryResult } from '#contracts';
import type { AlarmMarksActor } from '../../../machines/alarmMarks/alarmMarks.selectors';
import type { DashboardEditorActor } from '../../dashboards/useDashboardEditor';

export interface HistoryView {
  /** The widget's history query actor, to send it events; null for a widget that reads no history. */
  actor: HistoryQueryActor | null;
  /** The chart's alarm marks actor (a child of the query actor); null with it. */
  marks: AlarmMarksActor | null;
  status: HistoryStatus;
  result: HistoryResult | null;
  zoomed: boolean;
  /** The preset chosen from the header, '' for the widget's own range. */
  viewType: string;
  timeZone: string;
}

/** What a renderer shows of its widget's history, through the history query actor's selectors. */
export function useHistory(dashboard: DashboardEditorActor, widgetId: string): HistoryView {
  const actor = useSelector(dashboard, selectHistoryActor(widgetId));
  const history = actor ?? undefined;
  return {
    actor,
    marks: useSelector(history, (s) => (s ? selectAlarmMarksActor(s) : null)),
    status: useSelector(history, (s) => (s ? selectHistoryStatus(s) : 'empty')),
    result: useSelector(history, (s) => (s ? selectHistoryResult(s) : null)),
    zoomed: useSelector(history, (s) => (s ? selectIsZoomed(s) : false)),
    viewType: useSelector(history, (s) => (s ? selectViewType(s) : '')),
    timeZone: useSelector(history, (s) => (s ? selectTimeZone(s) : 'UTC')),
  };
}
