import { assign, not, raise, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { DepartmentName } from '../../services/api';
import type { Department, DeviceTreeItem, Line, Page } from '#contracts/devices';
import type { WidgetType } from '#contracts/widgets';
import type { UserPreferences } from '../userPreferences';
import type { ColourPickerOutput } from './colourPicker.events';
import { colourPickerMachine } from './colourPickerMachine';
import type { BufferChanged, ElementBufferInput } from './elementBuffer.events';
import { readsBuffer, storedBuffers } from './elementBuffer.rules';
import { elementBufferMachine } from './elementBufferMachine';
import {
  departmentKeyOf,
  findDevice,
  lineFields,
  pageElements,
  pickableDevices,
  withNames,
} from './elementPick';
import type { EditorElement } from './widgetDefaults';
import type {
  ElementColourField,
  ElementPatch,
  WidgetElementEvent,
  WidgetElementOutput,
} from './widgetElement.events';
import { deviceLookupsNotProvided } from '../deviceLookups';

export interface WidgetElementInput {
  element: EditorElement;
  widgetType: WidgetType;
  /** The user's date format, time zone and buffer rights (defaults when not given). */
  preferences?: UserPreferences;
}

export interface WidgetElementContext {
  widgetType: WidgetType;
  element: EditorElement;
  /** Text of the custom label field. */
  label: string;
  devices: DeviceTreeItem[];
  hexacode: string | null;
  /** The chosen device's departments, named once their names are loaded. */
  departments: Department[];
  departmentKey: string | null;
  pages: Page[];
  page: number | null;
  lines: Line[];
  /** A PAGE widget's elements for a picked page: null until a page is picked, [] while its lines load. */
  pageElements: EditorElement[] | null;
  colourField: ElementColourField | null;
  error: MessageId | null;
  preferences: UserPreferences;
  /** Whether the element's buffer can be read (reported by its elementBuffer actor; historical types only). */
  bufferReady: boolean;
}

export const chosenDevice = (c: WidgetElementContext) => findDevice(c.devices, c.hexacode);
export const chosenDepartment = (c: WidgetElementContext) =>
  c.departments.find((department) => department.key === c.departmentKey);

const cleared = { pages: [], page: null, lines: [], pageElements: null, error: null };

/** The element's line among the loaded lines (its page's), if they are loaded. */
const elementLine = ({ lines, element }: WidgetElementContext) =>
  lines.find((line) => line.number === element.lineNumber && line.pageNumber === element.pageNumber);

/** What the buffer choice starts from: the element, and its line's buffers (the stored copy until lines load). */
export const bufferInput = (context: WidgetElementContext): ElementBufferInput => ({
  element: context.element,
  buffers: elementLine(context)?.availableBuffers ?? storedBuffers(context.element),
  preferences: context.preferences,
  // Only where a new buffer starts recording, unless told otherwise.
  now: Date.now(),
});

const elementReadsBuffer = ({ context }: { context: WidgetElementContext }) =>
  readsBuffer(context.widgetType, context.element);

/** Implementations of the element step (widgetElementMachine.ts holds its statechart). */
export const widgetElementSetup = setup({
  types: {
    context: {} as WidgetElementContext,
    events: {} as WidgetElementEvent,
    input: {} as WidgetElementInput,
    output: {} as WidgetElementOutput,
    children: {} as {
      loadDevices: 'loadDevices';
      loadDepartments: 'loadDepartments';
      loadPages: 'loadPages';
      loadLines: 'loadLines';
      colourPicker: 'colourPicker';
      elementBuffer: 'elementBuffer';
    },
  },
  actors: {
    // Provided by provideWidgetEditor (the devices API); these defaults only fail loudly.
    loadDevices: deviceLookupsNotProvided.tree('loadDevices'),
    loadDepartments: deviceLookupsNotProvided.names('loadDepartments'),
    loadPages: deviceLookupsNotProvided.pages('loadPages'),
    loadLines: deviceLookupsNotProvided.lines('loadLines'),
    colourPicker: colourPickerMachine,
    elementBuffer: elementBufferMachine,
  },
  guards: {
    // Picks name an item of the list shown above them.
    knownDevice: ({ context }, params: { hexacode: string }) =>
      findDevice(context.devices, params.hexacode) !== undefined,
    knownDepartment: ({ context }, params: { key: string }) =>
      context.departments.some((d) => d.key === params.key),
    knownPage: ({ context }, params: { page: number }) => context.pages.some((p) => p.number === params.page),
    knownLine: ({ context }, params: { line: number }) => context.lines.some((l) => l.number === params.line),
    deviceChosen: ({ context }) => chosenDevice(context) !== undefined,
    departmentChosen: ({ context }) => context.departmentKey !== null,
    pageChosen: ({ context }) => context.page !== null,
    readsBuffer: elementReadsBuffer,
    readsNoBuffer: not(elementReadsBuffer),
    /** SPEC §5 buffer_required: an element that reads a buffer is saved only when one can be read. */
    bufferReady: ({ context }) => !readsBuffer(context.widgetType, context.element) || context.bufferReady,
    addressChosen: ({ context }) =>
      context.widgetType === 'PAGE'
        ? (context.pageElements?.length ?? 0) > 0 || context.element.pageNumber !== null
        : context.element.lineNumber !== null,
  },
  actions: {
    // Loaded after a failed try: the failure's message goes with it.
    assignDevices: assign(({ context }, params: { tree: DeviceTreeItem[] }) => {
      const devices = pickableDevices(params.tree);
      const device = findDevice(devices, context.hexacode);
      return {
        devices,
        departments: device?.departments ?? [],
        departmentKey: departmentKeyOf(device, context.element),
        error: null,
      };
    }),
    pickDevice: assign(({ context }, params: { hexacode: string }) => ({
      ...cleared,
      hexacode: params.hexacode,
      departments: findDevice(context.devices, params.hexacode)?.departments ?? [],
      departmentKey: null,
    })),
    pickDepartment: assign((_, params: { key: string }) => ({ ...cleared, departmentKey: params.key })),
    // The department's pages stay listed: only what depends on the page is cleared.
    pickPage: assign(({ context }, params: { page: number }) => ({
      ...cleared,
      pages: context.pages,
      page: params.page,
      pageElements: [],
    })),
    // Another line has other buffers: the element's buffer is chosen again (elementBuffer).
    pickLine: assign(({ context }, params: { line: number }) => {
      const line = context.lines.find((l) => l.number === params.line)!;
      return {
        element: {
          ...context.element,
          ...lineFields(chosenDevice(context)!, chosenDepartment(context)!, line),
          buffer: null,
          availableBuffers: line.availableBuffers,
        },
        error: null,
      };
    }),
    /** The buffer region starts the element's buffer choice again with the line's buffers (elementBuffer). */
    lineBuffersArrived: raise({ type: 'element.lineBuffersArrived' }),
    /** SPEC §5 buffer_required: 'Buffer not available'. */
    showBufferError: assign({ error: 'widgetEditor.buffer.required' as const }),
    applyBufferChoice: assign(({ context }, params: BufferChanged) => ({
      element: { ...context.element, ...params.choice },
      bufferReady: params.ready,
      error: params.ready && context.error === 'widgetEditor.buffer.required' ? null : context.error,
    })),
    assignNames: assign({
      departments: ({ context }, params: { names: DepartmentName[] }) =>
        withNames(context.departments, params.names),
    }),
    assignPages: assign({ pages: (_, params: { pages: Page[] }) => params.pages }),
    /** The lines of the page; a PAGE widget's picked page also makes its elements. */
    assignLines: assign(({ context }, params: { lines: Line[] }) => {
      const device = chosenDevice(context);
      const department = chosenDepartment(context);
      const generate = context.widgetType === 'PAGE' && context.pageElements !== null && device && department;
      return {
        lines: params.lines,
        pageElements: generate ? pageElements(device, department, params.lines) : context.pageElements,
      };
    }),
    showLoadFailed: assign({ error: 'widgetEditor.element.loadFailed' as const }),
    showAddressError: assign({
      error: ({ context }) =>
        context.widgetType === 'PAGE'
          ? ('widgetEditor.element.pageRequired' as const)
          : ('widgetEditor.element.lineRequired' as const),
    }),
    assignLabel: assign({ label: (_, params: { label: string }) => params.label }),
    applyPatch: assign({
      element: ({ context }, params: { patch: ElementPatch }) => ({ ...context.element, ...params.patch }),
    }),
    assignColourField: assign({ colourField: (_, params: { field: ElementColourField }) => params.field }),
    applyColour: assign({
      element: ({ context }, params: { output: ColourPickerOutput }) =>
        context.colourField && params.output
          ? { ...context.element, [context.colourField]: params.output.colour }
          : context.element,
    }),
  },
});
