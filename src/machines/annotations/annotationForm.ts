import { DEFAULT_ANNOTATION_COLOR, type Annotation } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import { checkRangeTexts, formatDate, type DateFormat } from '../dateRange/dateText';

/** One annotation as the form edits it: dates as the user types them. */
export interface AnnotationForm {
  /** The annotation of the list it edits; null for a new one. */
  index: number | null;
  label: string;
  color: string;
  startText: string;
  endText: string;
}

export interface AnnotationErrors {
  label?: MessageId;
  start?: MessageId;
  end?: MessageId;
}

export interface DateSettings {
  dateFormat: DateFormat;
  timeZone: string;
}

const HOUR_MS = 60 * 60_000;

/** The form of a listed annotation, or of a new one: red at full opacity, over the hour before now. */
export function formOf(
  annotation: Annotation | null,
  index: number | null,
  dates: DateSettings,
  now: number,
) {
  const write = (ms: number) => formatDate(ms, dates.dateFormat, dates.timeZone);
  return {
    index,
    label: annotation?.name ?? '',
    color: annotation?.color ?? DEFAULT_ANNOTATION_COLOR,
    startText: write(annotation ? Date.parse(annotation.startDate) : now - HOUR_MS),
    endText: write(annotation ? Date.parse(annotation.endDate) : now),
  } satisfies AnnotationForm;
}

/** SPEC §5 annotation: a label, dates in the user's format, the end after the start. */
export function formErrors(form: AnnotationForm, dates: DateSettings): AnnotationErrors {
  const range = checkRangeTexts(form.startText, form.endText, dates.dateFormat, dates.timeZone);
  const errors: AnnotationErrors = 'errors' in range ? { ...range.errors } : {};
  if (form.label.trim() === '') errors.label = 'annotations.labelRequired';
  return errors;
}

/** The list with the (valid) form's annotation in its place, or added at the end; the id of an edited one kept. */
export function withForm(
  list: readonly Annotation[],
  form: AnnotationForm,
  dates: DateSettings,
): Annotation[] {
  const range = checkRangeTexts(form.startText, form.endText, dates.dateFormat, dates.timeZone);
  if (!('from' in range)) return [...list];
  const edited = form.index === null ? undefined : list[form.index];
  const annotation: Annotation = {
    ...(edited?.id ? { id: edited.id } : {}),
    name: form.label.trim(),
    color: form.color,
    startDate: new Date(range.from).toISOString(),
    endDate: new Date(range.to).toISOString(),
  };
  return form.index === null
    ? [...list, annotation]
    : list.map((each, at) => (at === form.index ? annotation : each));
}
