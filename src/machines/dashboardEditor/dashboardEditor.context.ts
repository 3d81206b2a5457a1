import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { isInvalidWidget, type OpenedDashboard, type PageTopic, type Widget } from '#contracts';
import type { LiveLine } from '#contracts/devices';
import type { AnnotationsInput } from '../annotations/annotations.events';
import type { annotationsMachine } from '../annotations/annotationsMachine';
import type { elementLineEditMachine } from '../elementLineEdit/elementLineEditMachine';
import type { HistoryQueryActor } from '../historyQuery/historyQuery.selectors';
import type { UserPreferences } from '../userPreferences';
import type { WidgetEditorInput } from '../widgetEditor/widgetEditor.events';
import { firstFreeCell } from './dashboardEditor.model';

export interface DashboardEditorContext {
  /** Id of the dashboard of the route (null off the dashboard view). */
  id: string | null;
  /** The dashboard as last loaded or saved. */
  stored: OpenedDashboard | null;
  /** The dashboard as shown: the stored copy with the edits of edit mode. */
  draft: OpenedDashboard | null;
  /** Whether the draft has unsaved changes. */
  dirty: boolean;
  /** The widget shown fullscreen, if any. */
  fullscreenId: string | null;
  /** Page topics subscribed to for live values while the dashboard is loaded (those of the draft). */
  topics: PageTopic[];
  /** Latest pushed value of each line, by lineKey. */
  values: Record<string, ElementValue>;
  /** The name typed in the rename prompt of edit mode, and its error. */
  rename: { value: string; error: MessageId | null };
  /** The widget the widget details dialog edits: its id, or null for a new one. */
  widgetId: string | null;
  /** Where the user is going with unsaved changes while asked (and while that save runs); null otherwise. */
  exit: DashboardExit | null;
  /** The stored copy's version a conflicting save reported, while the user chooses what to do about it. */
  conflictVersion: number | null;
  /** The line edit opened from a widget, while it runs. */
  lineEdit: ActorRefFrom<typeof elementLineEditMachine> | null;
  /** The annotations dialog of a widget, while it is open. */
  annotations: ActorRefFrom<typeof annotationsMachine> | null;
  /** The user's date format, time zone and buffer rights, as the app last told (kept across dashboards). */
  preferences: UserPreferences;
  /** The history query of each widget of the draft that reads history, by widget id (historyActors.ts). */
  history: Record<string, HistoryQueryActor>;
}

/** Where the user goes from edit mode: back to viewing, to another route, or out (logout). */
export type DashboardExit =
  | { kind: 'view' }
  | { kind: 'route'; path: string; replace: boolean }
  | { kind: 'logout'; replyTo: AnyActorRef };

/** The latest live value of one element's line (the line's number is in the element's address). */
type ElementValue = Omit<LiveLine, 'number'>;

export const closedDashboard: Omit<DashboardEditorContext, 'id' | 'preferences'> = {
  stored: null,
  draft: null,
  dirty: false,
  fullscreenId: null,
  topics: [],
  values: {},
  rename: { value: '', error: null },
  widgetId: null,
  exit: null,
  conflictVersion: null,
  lineEdit: null,
  annotations: null,
  history: {},
};

/** What the widget details dialog starts from: the widget being edited, or a new one in the first free cell. */
export function widgetEditorInput(context: DashboardEditorContext): WidgetEditorInput {
  const widgets = context.draft?.widgets ?? [];
  const widget = widgets.find((w): w is Widget => !isInvalidWidget(w) && w.id === context.widgetId) ?? null;
  return {
    widget,
    position: widget?.position ?? firstFreeCell(widgets),
    preferences: context.preferences,
  };
}

/** A valid widget of the shown dashboard by id (an invalid one only shows what failed). */
export const shownWidget = (context: DashboardEditorContext, id: string): Widget | undefined =>
  context.draft?.widgets.find((w): w is Widget => !isInvalidWidget(w) && w.id === id);

/** What the annotations dialog of a (shown, valid) widget starts from. */
export function annotationsInput(context: DashboardEditorContext, widgetId: string): AnnotationsInput {
  const widget = shownWidget(context, widgetId)!;
  return {
    dashboardId: context.id ?? '',
    widgetId,
    widgetName: widget.name,
    annotations: widget.markAreaElements,
    dateFormat: context.preferences.dateFormat,
    timeZone: context.preferences.timeZone,
    // Only places a new annotation over the hour before it.
    now: Date.now(),
  };
}
