import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { isInvalidWidget, type OpenedDashboard } from '#contracts';
import { elementKey } from './dashboardEditor.model';
import type { widgetEditorMachine } from '../widgetEditor/widgetEditorMachine';
import type { dashboardEditorMachine } from './dashboardEditorMachine';

type DashboardEditorSnapshot = SnapshotFrom<typeof dashboardEditorMachine>;

export type DashboardEditorView = 'idle' | 'left' | 'loading' | 'failed' | 'loaded';

export const selectView = (s: DashboardEditorSnapshot): DashboardEditorView =>
  typeof s.value === 'string' ? (s.value as DashboardEditorView) : 'loaded';
/** The dashboard as shown (with the edits of edit mode). */
export const selectDraft = (s: DashboardEditorSnapshot): OpenedDashboard | null => s.context.draft;
/** Edit mode, including the save and the unsaved changes question. */
export const selectIsEditing = (s: DashboardEditorSnapshot): boolean =>
  s.matches('loaded') && !s.matches({ loaded: 'viewing' });
export const selectIsSaving = (s: DashboardEditorSnapshot): boolean => s.matches({ loaded: 'saving' });
/**
 * The unsaved changes question while it is asked (and its save runs): 'view' for Done (keep editing is offered),
 * 'away' for another route, back or forward, or logout (stay is offered); null when not asked.
 */
export const selectLeaving = (s: DashboardEditorSnapshot): 'view' | 'away' | null => {
  const { exit } = s.context;
  if (!exit || !(s.matches({ loaded: 'confirmingLeave' }) || s.matches({ loaded: 'saving' }))) return null;
  return exit.kind === 'view' ? 'view' : 'away';
};
/** A save met a change made elsewhere: the user chooses to reload the stored copy or keep editing. */
export const selectIsResolvingConflict = (s: DashboardEditorSnapshot): boolean =>
  s.matches({ loaded: 'resolvingConflict' });
/** The dashboard's name as shown (the draft's), for the dialogs that name it. */
export const selectName = (s: DashboardEditorSnapshot): string => s.context.draft?.name ?? '';
export const selectIsDirty = (s: DashboardEditorSnapshot): boolean => s.context.dirty;
export const selectFullscreenId = (s: DashboardEditorSnapshot): string | null => s.context.fullscreenId;

/**
 * The live value of one line (key: elementKey of the element) as one primitive: 'value unit' when OK, the
 * catalogue id of its status text (lineStatus.*) otherwise, '' until a value arrives.
 */
export const selectElementValue =
  (key: string | null) =>
  (s: DashboardEditorSnapshot): string => {
    const current = key === null ? undefined : s.context.values[key];
    if (!current) return '';
    if (current.status !== 'OK') return `lineStatus.${current.status}`;
    return [current.value, current.unit].filter((part) => part !== null && part !== '').join(' ');
  };

/**
 * The live value of one line as a number, for bars and ranges: null until an OK, numeric value arrives. A line
 * of states is its state's index (0 off or closed), whatever language its label is in.
 */
export const selectElementNumber =
  (key: string | null) =>
  (s: DashboardEditorSnapshot): number | null => {
    const current = key === null ? undefined : s.context.values[key];
    if (current?.status === 'OK' && typeof current.state === 'number') return current.state;
    if (!current || current.status !== 'OK' || current.value === null || current.value.trim() === '')
      return null;
    const number = Number(current.value);
    return Number.isFinite(number) ? number : null;
  };

export const selectIsRenaming = (s: DashboardEditorSnapshot): boolean => s.matches({ loaded: 'renaming' });
export const selectRenameValue = (s: DashboardEditorSnapshot): string => s.context.rename.value;
export const selectRenameError = (s: DashboardEditorSnapshot): MessageId | null => s.context.rename.error;
/** The widget details dialog's machine while it is open (add or edit a widget in edit mode). */
export const selectWidgetEditor = (s: DashboardEditorSnapshot) =>
  s.children.widgetEditor as ActorRefFrom<typeof widgetEditorMachine> | undefined;
/** The annotations dialog's machine while it is open. */
export const selectAnnotations = (s: DashboardEditorSnapshot) => s.context.annotations;
/** The user's date format and time zone, for a date range picker opened from a widget (DateRangePickerDialog). */
export const selectDateFormat = (s: DashboardEditorSnapshot) => s.context.preferences.dateFormat;
/** The line edit opened from a widget (it runs the line-details dialog), while it runs. */
export const selectElementLineEdit = (s: DashboardEditorSnapshot) => s.context.lineEdit;

/**
 * Whether every element of a widget that reads a line has received its first live value: the widget is
 * painted with live data (the benchmark and the end-to-end tests wait for it through data-live).
 */
export const selectWidgetLive =
  (widgetId: string) =>
  (s: DashboardEditorSnapshot): boolean => {
    const widget = s.context.draft?.widgets.find(({ id }) => id === widgetId);
    if (!widget) return false;
    // An invalid widget reads nothing: it is as painted as it will get.
    if (isInvalidWidget(widget)) return true;
    return widget.elements.every((element) => {
      const key = elementKey(element);
      return key === null || key in s.context.values;
    });
  };
