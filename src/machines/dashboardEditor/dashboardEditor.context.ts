import type { ActorRefFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Dashboard, PageTopic } from '../../services/contracts';
import type { LineStatus } from '../../services/contracts/devices';
import type { elementLineEditMachine } from '../elementLineEdit/elementLineEditMachine';
import type { WidgetEditorInput } from '../widgetEditor/widgetEditor.events';
import { firstFreeCell } from './dashboardEditor.model';

export interface DashboardEditorContext {
  /** Id of the dashboard of the route (null off the dashboard view). */
  id: string | null;
  /** The dashboard as last loaded or saved. */
  stored: Dashboard | null;
  /** The dashboard as shown: the stored copy with the edits of edit mode. */
  draft: Dashboard | null;
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
  /** Whether the running save was asked for on leaving edit mode (it then lands in viewing). */
  leaveAfterSave: boolean;
  /** The line edit opened from a widget, while it runs. */
  lineEdit: ActorRefFrom<typeof elementLineEditMachine> | null;
}

/** The latest live value of one line. */
export interface ElementValue {
  status: LineStatus;
  value: string | null;
  unit: string | null;
}

export const closedDashboard: Omit<DashboardEditorContext, 'id'> = {
  stored: null,
  draft: null,
  dirty: false,
  fullscreenId: null,
  topics: [],
  values: {},
  rename: { value: '', error: null },
  widgetId: null,
  leaveAfterSave: false,
  lineEdit: null,
};

/** What the widget details dialog starts from: the widget being edited, or a new one in the first free cell. */
export function widgetEditorInput(context: DashboardEditorContext): WidgetEditorInput {
  const widgets = context.draft?.widgets ?? [];
  const widget = widgets.find(({ id }) => id === context.widgetId) ?? null;
  return { widget, position: widget?.position ?? firstFreeCell(widgets) };
}
