import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { WidgetType } from '#contracts/widgets';
import { fieldDefaults, type EditorElement, type WidgetFields } from './widgetDefaults';
import { elementsOf, type WidgetErrors } from './widgetDraft';
import type { WidgetColourField } from './widgetEditor.events';
import type { widgetEditorMachine } from './widgetEditorMachine';

type WidgetEditorSnapshot = SnapshotFrom<typeof widgetEditorMachine>;

const NO_ELEMENTS: readonly EditorElement[] = [];

export const selectWidgetType = (s: WidgetEditorSnapshot): WidgetType | null => s.context.draft.type;
/** Whether this adds a new widget (the title says so). */
export const selectIsNew = (s: WidgetEditorSnapshot): boolean => s.context.draft.isNew;
export const selectName = (s: WidgetEditorSnapshot): string => s.context.draft.fields.name ?? '';
/** A widget field as shown: its value, or the chosen type's default. */
export const selectField =
  <K extends keyof WidgetFields>(key: K) =>
  (s: WidgetEditorSnapshot): WidgetFields[K] =>
    s.context.draft.fields[key] ??
    (s.context.draft.type ? fieldDefaults(s.context.draft.type)[key] : undefined);
/** The chosen type's elements (its own list). */
export const selectElements = (s: WidgetEditorSnapshot): readonly EditorElement[] =>
  s.context.draft.type ? elementsOf(s.context.draft) : NO_ELEMENTS;
export const selectError =
  (key: keyof WidgetErrors) =>
  (s: WidgetEditorSnapshot): MessageId | null =>
    s.context.errors[key] ?? null;
/** The element step while an element is edited. */
export const selectElementStep = (s: WidgetEditorSnapshot) => s.children.widgetElement;
/** The colour picker while a widget colour is picked. */
export const selectColourPicker = (s: WidgetEditorSnapshot) => s.children.colourPicker;
/** The date range picker while the stored interval is picked. */
export const selectIntervalPicker = (s: WidgetEditorSnapshot) => s.children.dateRange;
export const selectDateFormat = (s: WidgetEditorSnapshot) => s.context.preferences.dateFormat;
export const selectTimeZone = (s: WidgetEditorSnapshot): string => s.context.preferences.timeZone;
/** The widget colour being picked. */
export const selectColourField = (s: WidgetEditorSnapshot): WidgetColourField | null => s.context.colourField;
