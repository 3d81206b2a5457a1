import type { Annotation } from '#contracts';
import type { DateFormat } from '../dateRange/dateText';

export type AnnotationsEvent =
  /** Opens the form for a new annotation, or for one of the list. */
  | { type: 'annotation.add' }
  | { type: 'annotation.edit'; index: number }
  /** Deletes one annotation of the list (saved at once). */
  | { type: 'annotation.delete'; index: number }
  /** New text of the form's label, start and end (dates in the user's format). */
  | { type: 'annotation.changeLabel'; text: string }
  | { type: 'annotation.changeStart'; text: string }
  | { type: 'annotation.changeEnd'; text: string }
  | { type: 'annotation.pickColour' }
  /** Saves the form's annotation with the rest of the list. */
  | { type: 'annotation.save' }
  /** Leaves the form without saving. */
  | { type: 'annotation.cancel' }
  | { type: 'annotations.close' };

export interface AnnotationsInput {
  dashboardId: string;
  widgetId: string;
  widgetName: string;
  /** The widget's annotations as stored. */
  annotations: readonly Annotation[];
  dateFormat: DateFormat;
  timeZone: string;
  /** Now, ms: a new annotation spans the hour before it. */
  now: number;
}

/** Where an annotations save goes: POST …/mark-area-elements?dashboard&widget with the whole list. */
export interface AnnotationsSave {
  dashboardId: string;
  widgetId: string;
  annotations: Annotation[];
}
