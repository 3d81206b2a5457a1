import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Annotation } from '#contracts';
import { formatLabel } from '../dateRange/dateText';
import type { AnnotationErrors } from './annotationForm';
import type { annotationsMachine } from './annotationsMachine';

type AnnotationsSnapshot = SnapshotFrom<typeof annotationsMachine>;
/** The running annotationsMachine a view reads and sends to. */
export type AnnotationsActor = ActorRefFrom<typeof annotationsMachine>;

export const selectWidgetName = (s: AnnotationsSnapshot): string => s.context.widgetName;
/** The widget's annotations as last saved. */
export const selectAnnotationList = (s: AnnotationsSnapshot): readonly Annotation[] => s.context.annotations;
/** Whether the form of one annotation is shown (also while its save runs or its colour is picked). */
export const selectFormOpen = (s: AnnotationsSnapshot): boolean => s.context.form !== null;
/** Whether the form adds a new annotation (its title says so). */
export const selectFormIsNew = (s: AnnotationsSnapshot): boolean => s.context.form?.index === null;
export const selectFormLabel = (s: AnnotationsSnapshot): string => s.context.form?.label ?? '';
export const selectFormColour = (s: AnnotationsSnapshot): string => s.context.form?.color ?? '';
export const selectFormStart = (s: AnnotationsSnapshot): string => s.context.form?.startText ?? '';
export const selectFormEnd = (s: AnnotationsSnapshot): string => s.context.form?.endText ?? '';
export const selectAnnotationError =
  (field: keyof AnnotationErrors) =>
  (s: AnnotationsSnapshot): MessageId | null =>
    s.context.errors[field] ?? null;
export const selectIsSaving = (s: AnnotationsSnapshot): boolean => s.matches('saving');
/** The colour picker while the form's colour is picked. */
export const selectAnnotationColourPicker = (s: AnnotationsSnapshot) => s.children.colourPicker;
/** The user's date format as shown to people ('DD-MM-YYYY HH:mm'). */
export const selectFormatLabel = (s: AnnotationsSnapshot): string => formatLabel(s.context.dateFormat);
export const selectDateFormat = (s: AnnotationsSnapshot) => s.context.dateFormat;
export const selectTimeZone = (s: AnnotationsSnapshot): string => s.context.timeZone;
