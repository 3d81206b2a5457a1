import type { Widget } from '#contracts/widgets';
import { DEFAULT_PREFERENCES } from '../userPreferences';
import { builtWidget, draftOf, elementAt } from './widgetDraft';
import type { WidgetEditorOutput } from './widgetEditor.events';
import { intervalOf, widgetEditorSetup } from './widgetEditor.setup';

/**
 * SPEC §2 widget details: the type first, then the name, the type's fields and its elements, each edited in
 * the element step (widgetElementMachine); colours through the colour picker, the stored interval through the
 * date range picker. Ends with the saved widget, or
 * null when cancelled (types, guards and actions: widgetEditor.setup.ts).
 */
export const widgetEditorMachine = widgetEditorSetup.createMachine({
  id: 'widgetEditor',
  context: ({ input }) => ({
    draft: draftOf(input.widget, input.position),
    errors: {},
    colourField: null,
    editIndex: 0,
    preferences: input.preferences ?? DEFAULT_PREFERENCES,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The widget details dialog: type, name, options, table columns and elements; invalid fields show errors.',
      on: {
        'widget.changeType': {
          actions: { type: 'changeType', params: ({ event }) => ({ type: event.widgetType }) },
        },
        'widget.change': { actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.patch }) } },
        'table.toggle': { actions: { type: 'toggleTable', params: ({ event }) => event } },
        'widget.pickColour': {
          target: 'pickingColour',
          actions: { type: 'assignColourField', params: ({ event }) => ({ field: event.field }) },
        },
        'widget.pickInterval': { guard: 'typeChosen', target: 'pickingInterval' },
        'element.add': { guard: 'typeChosen', target: 'editingElement', actions: 'openNewElement' },
        'element.edit': {
          guard: { type: 'knownElement', params: ({ event }) => ({ index: event.index }) },
          target: 'editingElement',
          actions: { type: 'openElement', params: ({ event }) => ({ index: event.index }) },
        },
        'element.remove': {
          guard: { type: 'knownElement', params: ({ event }) => ({ index: event.index }) },
          actions: { type: 'removeElement', params: ({ event }) => ({ index: event.index }) },
        },
        'element.move': {
          guard: { type: 'canMove', params: ({ event }) => event },
          actions: { type: 'moveElement', params: ({ event }) => event },
        },
        'widget.save': [{ guard: 'draftValid', target: 'saved' }, { actions: 'showErrors' }],
        'widget.cancel': 'cancelled',
      },
    },
    pickingColour: {
      description: "The colour picker is open for the widget's colour.",
      invoke: {
        id: 'colourPicker',
        src: 'colourPicker',
        input: ({ context }) => ({
          colour: context.colourField ? (context.draft.fields[context.colourField] ?? null) : null,
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'applyColour', params: ({ event }) => ({ output: event.output }) },
        },
      },
    },
    pickingInterval: {
      description: "The date range dialog is open for the widget's interval.",
      invoke: {
        id: 'dateRange',
        src: 'dateRange',
        input: ({ context }) => ({
          value: intervalOf(context),
          dateFormat: context.preferences.dateFormat,
          timeZone: context.preferences.timeZone,
          allowCompare: true,
          // Only fills the custom dates with a preset's range when CUSTOM is chosen.
          now: Date.now(),
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'applyInterval', params: ({ event }) => ({ output: event.output }) },
        },
      },
    },
    editingElement: {
      description: "The element dialog is open to add or edit one of the widget's elements.",
      invoke: {
        id: 'widgetElement',
        src: 'widgetElement',
        input: ({ context }) => ({
          element: elementAt(context.draft, context.editIndex),
          widgetType: context.draft.type ?? 'LINE',
          preferences: context.preferences,
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'placeElements', params: ({ event }) => ({ output: event.output }) },
        },
      },
    },
    saved: {
      description: 'The user saved a valid widget; the dialog closes and the dashboard shows it.',
      type: 'final',
      output: ({ context }) => ({ widget: builtWidget(context.draft) as Widget }),
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and the widget stays as it was.',
      type: 'final',
      output: null,
    },
  },
  output: ({ event }) => event.output as WidgetEditorOutput,
});
