import { and } from 'xstate';
import { linesQuery, namesQuery, pagesQuery } from '../deviceTree/treeModel';
import { DEFAULT_PREFERENCES } from '../userPreferences';
import { customLabel } from './elementPick';
import type { EditorElement } from './widgetDefaults';
import type { WidgetElementOutput } from './widgetElement.events';
import {
  bufferInput,
  chosenDepartment,
  chosenDevice,
  widgetElementSetup,
  type WidgetElementContext,
} from './widgetElement.setup';

export type { WidgetElementContext } from './widgetElement.setup';

/** What the step gives back: a PAGE widget's generated elements, else the element with its custom label. */
function result(context: WidgetElementContext): WidgetElementOutput {
  if (context.pageElements && context.pageElements.length > 0)
    return { elements: context.pageElements, wholePage: true };
  const element: EditorElement = {
    ...context.element,
    name: customLabel(context.label, context.element.dataName),
  };
  return { elements: [element], wholePage: false };
}

const departmentOf = (context: WidgetElementContext) => chosenDepartment(context)!;

/**
 * SPEC §2 widget element details: device → department → page → line, each list loaded once the one above
 * is picked (an edited element's address is picked again as the lists arrive), the custom label, colours
 * through the colour picker, the fields of the widget's type, and for an element that reads history its buffer
 * (elementBufferMachine, started again whenever the line's buffers are known anew).
 */
export const widgetElementMachine = widgetElementSetup.createMachine({
  id: 'widgetElement',
  context: ({ input }) => ({
    widgetType: input.widgetType,
    element: input.element,
    label: input.element.name ?? '',
    devices: [],
    hexacode: input.element.hexacode,
    departments: [],
    departmentKey: null,
    pages: [],
    page: input.element.pageNumber,
    lines: [],
    pageElements: null,
    colourField: null,
    error: null,
    preferences: input.preferences ?? DEFAULT_PREFERENCES,
    bufferReady: false,
  }),
  initial: 'loadingDevices',
  states: {
    loadingDevices: {
      description: 'The element dialog opens: the devices to choose from are being fetched.',
      invoke: {
        id: 'loadDevices',
        src: 'loadDevices',
        onDone: {
          target: 'form',
          actions: { type: 'assignDevices', params: ({ event }) => ({ tree: event.output }) },
        },
        onError: { target: 'failed', actions: 'showLoadFailed' },
      },
    },
    failed: {
      description: 'The devices could not be loaded; the user can retry or cancel.',
      on: { 'element.retry': 'loadingDevices', 'element.cancel': 'cancelled' },
    },
    form: {
      description:
        'The element form: the user picks device, department, page and line, a label and its buffer.',
      type: 'parallel',
      on: {
        'element.pickDevice': {
          guard: { type: 'knownDevice', params: ({ event }) => ({ hexacode: event.hexacode }) },
          target: '.address.loadingDepartments',
          actions: { type: 'pickDevice', params: ({ event }) => ({ hexacode: event.hexacode }) },
        },
        'element.pickDepartment': {
          guard: { type: 'knownDepartment', params: ({ event }) => ({ key: event.key }) },
          target: '.address.loadingPages',
          actions: { type: 'pickDepartment', params: ({ event }) => ({ key: event.key }) },
        },
        'element.pickPage': {
          guard: { type: 'knownPage', params: ({ event }) => ({ page: event.page }) },
          target: '.address.loadingLines',
          actions: { type: 'pickPage', params: ({ event }) => ({ page: event.page }) },
        },
        'element.pickLine': {
          guard: { type: 'knownLine', params: ({ event }) => ({ line: event.line }) },
          actions: [
            { type: 'pickLine', params: ({ event }) => ({ line: event.line }) },
            'lineBuffersArrived',
          ],
        },
        'element.changeLabel': {
          actions: { type: 'assignLabel', params: ({ event }) => ({ label: event.label }) },
        },
        'element.change': {
          actions: { type: 'applyPatch', params: ({ event }) => ({ patch: event.patch }) },
        },
      },
      states: {
        address: {
          description: 'The device, department, page and line the element reads, loaded step by step.',
          initial: 'resuming',
          states: {
            // An edited element's device, department and page are picked again as their lists load.
            resuming: {
              description: "An existing element's address is being restored.",
              always: [{ guard: 'deviceChosen', target: 'loadingDepartments' }, { target: 'idle' }],
            },
            idle: { description: 'The address lists are ready to pick from.' },
            loadingDepartments: {
              description: "The chosen device's departments are being fetched.",
              invoke: {
                id: 'loadDepartments',
                src: 'loadDepartments',
                input: ({ context }) => namesQuery(context.departments),
                onDone: [
                  {
                    guard: 'departmentChosen',
                    target: 'loadingPages',
                    actions: { type: 'assignNames', params: ({ event }) => ({ names: event.output }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignNames', params: ({ event }) => ({ names: event.output }) },
                  },
                ],
                onError: { target: 'idle', actions: 'showLoadFailed' },
              },
            },
            loadingPages: {
              description: "The chosen department's pages are being fetched.",
              invoke: {
                id: 'loadPages',
                src: 'loadPages',
                input: ({ context }) => pagesQuery(departmentOf(context)),
                onDone: [
                  {
                    guard: 'pageChosen',
                    target: 'loadingLines',
                    actions: { type: 'assignPages', params: ({ event }) => ({ pages: event.output.pages }) },
                  },
                  {
                    target: 'idle',
                    actions: { type: 'assignPages', params: ({ event }) => ({ pages: event.output.pages }) },
                  },
                ],
                onError: { target: 'idle', actions: 'showLoadFailed' },
              },
            },
            loadingLines: {
              description: "The chosen page's lines are being fetched.",
              invoke: {
                id: 'loadLines',
                src: 'loadLines',
                input: ({ context }) =>
                  linesQuery(departmentOf(context), context.page ?? 1, chosenDevice(context)!.type),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'assignLines', params: ({ event }) => ({ lines: event.output.lines }) },
                    'lineBuffersArrived',
                  ],
                },
                onError: { target: 'idle', actions: 'showLoadFailed' },
              },
            },
          },
        },
        dialog: {
          description: "The element dialog's own controls.",
          initial: 'editing',
          states: {
            editing: {
              description:
                'The user edits the element and saves or cancels; saving needs a full address and a ready buffer.',
              on: {
                'element.pickColour': {
                  target: 'pickingColour',
                  actions: { type: 'assignColourField', params: ({ event }) => ({ field: event.field }) },
                },
                'element.save': [
                  { guard: and(['addressChosen', 'bufferReady']), target: '#widgetElement.saved' },
                  { guard: 'addressChosen', actions: 'showBufferError' },
                  { actions: 'showAddressError' },
                ],
                'element.cancel': '#widgetElement.cancelled',
              },
            },
            pickingColour: {
              description: "The colour picker is open for the element's colour.",
              invoke: {
                id: 'colourPicker',
                src: 'colourPicker',
                input: ({ context }) => ({
                  colour: context.colourField ? context.element[context.colourField] : null,
                }),
                onDone: {
                  target: 'editing',
                  actions: { type: 'applyColour', params: ({ event }) => ({ output: event.output }) },
                },
              },
            },
          },
        },
        // Historical types: the element's buffer (SPEC §3/§4), chosen while the element reads one.
        buffer: {
          description: 'The buffer the element reads, when its line has one.',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Does the element read a buffer?',
              always: [{ guard: 'readsBuffer', target: 'choosing' }, { target: 'none' }],
            },
            none: {
              description: 'The element reads no buffer.',
              always: { guard: 'readsBuffer', target: 'choosing' },
            },
            choosing: {
              description: "The element's buffer settings are shown.",
              invoke: {
                id: 'elementBuffer',
                src: 'elementBuffer',
                input: ({ context }) => bufferInput(context),
              },
              always: { guard: 'readsNoBuffer', target: 'none' },
              on: {
                'buffer.changed': { actions: { type: 'applyBufferChoice', params: ({ event }) => event } },
                'element.lineBuffersArrived': { target: 'choosing', reenter: true },
              },
            },
          },
        },
      },
    },
    saved: {
      description: 'The user saved the element; the dialog closes and the widget lists it.',
      type: 'final',
      output: ({ context }) => result(context),
    },
    cancelled: {
      description: 'The user cancelled; the dialog closes and the element stays as it was.',
      type: 'final',
      output: null,
    },
  },
  output: ({ event }) => event.output as WidgetElementOutput,
});
