import type { Widget, WidgetPosition, WidgetType } from '#contracts/widgets';
import type { UserPreferences } from '../userPreferences';
import type { TableAxis } from './tableAxes';
import type { WidgetFields } from './widgetDefaults';

/** Colours of a widget, picked with the colour picker. */
export type WidgetColourField = 'defaultColor' | 'defaultBackgroundColor';

export type WidgetEditorEvent =
  | { type: 'widget.changeType'; widgetType: WidgetType }
  /** New values of widget fields (name, presentation, interval…). */
  | { type: 'widget.change'; patch: WidgetFields }
  | { type: 'widget.pickColour'; field: WidgetColourField }
  /** Opens the date range picker for the widget's stored interval. */
  | { type: 'widget.pickInterval' }
  /** TABLE: shows or hides a row, column or element (an empty selection shows all). */
  | { type: 'table.toggle'; axis: TableAxis; key: string }
  /** Opens the element step for a new element of the chosen type. */
  | { type: 'element.add' }
  | { type: 'element.edit'; index: number }
  | { type: 'element.remove'; index: number }
  /** Moves an element one place up (-1) or down (1). */
  | { type: 'element.move'; index: number; offset: -1 | 1 }
  | { type: 'widget.save' }
  | { type: 'widget.cancel' };

export interface WidgetEditorInput {
  /** The widget to edit; null adds a new one. */
  widget: Widget | null;
  /** Where a new widget goes (computed by the dashboard editor). */
  position: WidgetPosition;
  /** The user's date format, time zone and buffer rights (defaults when not given). */
  preferences?: UserPreferences;
}

/** The saved widget (parsed by its contract), or null when the dialog was cancelled. */
export type WidgetEditorOutput = { widget: Widget } | null;
