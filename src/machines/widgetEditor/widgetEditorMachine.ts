import type { Widget } from '../../services/contracts/widgets';
import { builtWidget, draftOf, elementAt } from './widgetDraft';
import type { WidgetEditorOutput } from './widgetEditor.events';
import { widgetEditorSetup } from './widgetEditor.setup';

export type { WidgetEditorContext } from './widgetEditor.setup';

/**
 * SPEC §2 widget details: the type first, then the name, the type's fields and its elements, each edited in
 * the element step (widgetElementMachine); colours through the colour picker. Ends with the saved widget, or
 * null when cancelled (types, guards and actions: widgetEditor.setup.ts).
 */
export const widgetEditorMachine = widgetEditorSetup.createMachine({
  id: 'widgetEditor',
  context: ({ input }) => ({
    draft: draftOf(input.widget, input.position),
    errors: {},
    colourField: null,
    editIndex: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
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
    editingElement: {
      invoke: {
        id: 'widgetElement',
        src: 'widgetElement',
        input: ({ context }) => ({
          element: elementAt(context.draft, context.editIndex),
          widgetType: context.draft.type ?? 'LINE',
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'placeElements', params: ({ event }) => ({ output: event.output }) },
        },
      },
    },
    saved: { type: 'final', output: ({ context }) => ({ widget: builtWidget(context.draft) as Widget }) },
    cancelled: { type: 'final', output: null },
  },
  output: ({ event }) => event.output as WidgetEditorOutput,
});
