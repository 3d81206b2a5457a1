import { assign, sendParent, sendTo, setup } from 'xstate';
import { DEFAULT_ANNOTATION_COLOR, type Annotation } from '#contracts';
import type { DashboardEditorEvent } from '../dashboardEditor/dashboardEditor.events';
import type { DateFormat } from '../dateRange/dateText';
import { notificationOf, notifications } from '../notifications/notify';
import type { ColourPickerOutput } from '../widgetEditor/colourPicker.events';
import { colourPickerMachine } from '../widgetEditor/colourPickerMachine';
import { formErrors, formOf, withForm, type AnnotationErrors, type AnnotationForm } from './annotationForm';
import type { AnnotationsEvent, AnnotationsInput, AnnotationsSave } from './annotations.events';
import { notProvided } from '../notProvided';

export interface AnnotationsContext {
  dashboardId: string;
  widgetId: string;
  widgetName: string;
  /** The widget's annotations as last saved. */
  annotations: Annotation[];
  /** The list being saved. */
  pending: Annotation[] | null;
  form: AnnotationForm | null;
  /** Shown once a save was refused; each edit clears its own. */
  errors: AnnotationErrors;
  dateFormat: DateFormat;
  timeZone: string;
  now: number;
}

/** Implementations of the annotations dialog (annotationsMachine.ts holds its statechart). */
export const annotationsSetup = setup({
  types: {
    context: {} as AnnotationsContext,
    events: {} as AnnotationsEvent,
    input: {} as AnnotationsInput,
    children: {} as { saveAnnotations: 'saveAnnotations'; colourPicker: 'colourPicker' },
  },
  actors: {
    // Provided by the wiring (provideSignedInWorld.ts): the saved list, with ids.
    saveAnnotations: notProvided<Annotation[], AnnotationsSave>('saveAnnotations'),
    colourPicker: colourPickerMachine,
  },
  guards: {
    knownAnnotation: ({ context }, params: { index: number }) =>
      params.index >= 0 && params.index < context.annotations.length,
    formValid: ({ context }) =>
      context.form !== null && Object.keys(formErrors(context.form, context)).length === 0,
    formOpen: ({ context }) => context.form !== null,
  },
  actions: {
    openForm: assign(({ context }, params: { index: number | null }) => ({
      form: formOf(
        params.index === null ? null : context.annotations[params.index]!,
        params.index,
        context,
        context.now,
      ),
      errors: {},
    })),
    closeForm: assign({ form: null, errors: {} }),
    editForm: assign(
      ({ context }, params: { patch: Partial<AnnotationForm>; clears: (keyof AnnotationErrors)[] }) => {
        const errors = { ...context.errors };
        for (const key of params.clears) delete errors[key];
        return { form: context.form && { ...context.form, ...params.patch }, errors };
      },
    ),
    showErrors: assign({ errors: ({ context }) => (context.form ? formErrors(context.form, context) : {}) }),
    // A cleared colour is the default red: an annotation always has one.
    applyColour: assign({
      form: ({ context }, params: { output: ColourPickerOutput }) =>
        context.form && params.output
          ? { ...context.form, color: params.output.colour ?? DEFAULT_ANNOTATION_COLOR }
          : context.form,
    }),
    pendForm: assign({ pending: ({ context }) => withForm(context.annotations, context.form!, context) }),
    pendDeletion: assign({
      pending: ({ context }, params: { index: number }) =>
        context.annotations.filter((_, at) => at !== params.index),
    }),
    assignSaved: assign((_, params: { annotations: Annotation[] }) => ({
      annotations: params.annotations,
      pending: null,
      form: null,
      errors: {},
    })),
    dropPending: assign({ pending: null }),
    /** Tells the dashboard editor, which shows the saved list on the widget at once. */
    tellSaved: sendParent(({ context }): DashboardEditorEvent => ({
      type: 'dashboard.annotationsSaved',
      widgetId: context.widgetId,
      annotations: context.annotations,
    })),
    notify: sendTo(notifications, notificationOf),
  },
});
