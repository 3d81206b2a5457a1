import { DEFAULT_ANNOTATION_COLOR } from '#contracts';
import { annotationsSetup } from './annotations.setup';
import { notify } from '../notifications/notify';

/**
 * SPEC §2 annotations (mark areas) of one widget: its list, and a form to add or edit one (label, colour through
 * the colour picker, start and end in the user's date format). Each change saves the whole list at once
 * (POST …/mark-area-elements), in view mode too; a failed save keeps the form open with what was typed.
 */
export const annotationsMachine = annotationsSetup.createMachine({
  id: 'annotations',
  context: ({ input }) => ({
    dashboardId: input.dashboardId,
    widgetId: input.widgetId,
    widgetName: input.widgetName,
    annotations: [...input.annotations],
    pending: null,
    form: null,
    errors: {},
    dateFormat: input.dateFormat,
    timeZone: input.timeZone,
    now: input.now,
  }),
  initial: 'listing',
  states: {
    listing: {
      description:
        "The widget's annotations are listed; the user can add, edit or delete one, or close the dialog.",
      on: {
        'annotation.add': { target: 'editing', actions: { type: 'openForm', params: { index: null } } },
        'annotation.edit': {
          guard: { type: 'knownAnnotation', params: ({ event }) => event },
          target: 'editing',
          actions: { type: 'openForm', params: ({ event }) => event },
        },
        'annotation.delete': {
          guard: { type: 'knownAnnotation', params: ({ event }) => event },
          target: 'saving',
          actions: { type: 'pendDeletion', params: ({ event }) => event },
        },
        'annotations.close': 'closed',
      },
    },
    editing: {
      description:
        'The annotation form is open: label, start, end and colour; errors show next to the fields.',
      on: {
        'annotation.changeLabel': {
          actions: {
            type: 'editForm',
            params: ({ event }) => ({ patch: { label: event.text }, clears: ['label'] }),
          },
        },
        'annotation.changeStart': {
          actions: {
            type: 'editForm',
            params: ({ event }) => ({ patch: { startText: event.text }, clears: ['start', 'end'] }),
          },
        },
        'annotation.changeEnd': {
          actions: {
            type: 'editForm',
            params: ({ event }) => ({ patch: { endText: event.text }, clears: ['end'] }),
          },
        },
        'annotation.pickColour': 'pickingColour',
        'annotation.save': [
          { guard: 'formValid', target: 'saving', actions: 'pendForm' },
          { actions: 'showErrors' },
        ],
        'annotation.cancel': { target: 'listing', actions: 'closeForm' },
      },
    },
    pickingColour: {
      description: "The colour picker is open for the annotation's colour.",
      invoke: {
        id: 'colourPicker',
        src: 'colourPicker',
        input: ({ context }) => ({ colour: context.form?.color ?? DEFAULT_ANNOTATION_COLOR }),
        onDone: {
          target: 'editing',
          actions: { type: 'applyColour', params: ({ event }) => ({ output: event.output }) },
        },
      },
    },
    saving: {
      description: 'The annotations are being saved; on failure the form stays open with what was typed.',
      invoke: {
        id: 'saveAnnotations',
        src: 'saveAnnotations',
        input: ({ context }) => ({
          dashboardId: context.dashboardId,
          widgetId: context.widgetId,
          annotations: context.pending ?? context.annotations,
        }),
        onDone: {
          target: 'listing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ annotations: event.output }) },
            'tellSaved',
            notify('success', 'annotations.saved'),
          ],
        },
        // SPEC §8 annotation save error; the form stays open with what was typed.
        onError: [
          {
            guard: 'formOpen',
            target: 'editing',
            actions: ['dropPending', notify('error', 'annotations.saveFailed')],
          },
          {
            target: 'listing',
            actions: ['dropPending', notify('error', 'annotations.saveFailed')],
          },
        ],
      },
    },
    closed: { description: 'The annotations dialog is closed.', type: 'final' },
  },
});
