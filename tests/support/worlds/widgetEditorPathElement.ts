import { createMachine, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { preferencesOf } from '../../../src/machines/userPreferences';
import {
  bufferOf,
  initialPcNumber,
  readsBuffer,
} from '../../../src/machines/widgetEditor/elementBuffer.rules';
import type { elementBufferMachine } from '../../../src/machines/widgetEditor/elementBufferMachine';
import {
  addedElement,
  newElement,
  type EditorElement,
} from '../../../src/machines/widgetEditor/widgetDefaults';
import { bufferInput } from '../../../src/machines/widgetEditor/widgetElement.setup';
import { selectIsLoadingAddress } from '../../../src/machines/widgetEditor/widgetElement.selectors';
import { widgetElementMachine } from '../../../src/machines/widgetEditor/widgetElementMachine';
import { deviceTree, operatorSession, pages } from '../fixtures/fixtures';
import { modelEvents } from '../paths/modelEvents';
import { bufferSettings } from '../fixtures/preferencesFixtures';
import type { ViewPathModel } from '../paths/viewPaths';
import { roomBuffer, roomLines } from '../fixtures/widgetEditorFixtures';
import { roomChart, type DeviceList } from './widgetEditorPath';

/** The model of the widget element step's view paths: the chart's element edited, and a new metric card's. */
export type Snapshot = SnapshotFrom<typeof widgetElementMachine>;
export type ElementEvent = EventFromLogic<typeof widgetElementMachine>;
export type ModelEvent = { type: string } & Record<string, unknown>;

const preferences = preferencesOf(operatorSession, bufferSettings, 'UTC');
const { done, failed } = modelEvents<typeof widgetElementMachine>();
const NAMES = [{ key: '0A0B0C-1-0', name: 'Room 1', status: 'ON' as const, configuration: null }];
export const COLOUR = '#2196F3';
const OK_BUFFER = { status: 'OK' as const, ...roomBuffer };

/**
 * The model's element step has no buffer choice of its own (a pure transition starts no child): whether the
 * element can be saved is what the product's choice reports for the element's buffer fields, the line's buffers
 * and the user's default PC number, as the guard computes here.
 */
export const alone = widgetElementMachine.provide({
  actors: { elementBuffer: createMachine({}) as unknown as typeof elementBufferMachine },
  guards: {
    bufferReady: ({ context }) => {
      if (!readsBuffer(context.widgetType, context.element)) return true;
      const { element, buffers } = bufferInput(context);
      return (
        element.lineNumber !== null && bufferOf(buffers, initialPcNumber(element, preferences)) !== undefined
      );
    },
  },
});

export const LOADED: Record<DeviceList, ElementEvent> = {
  devices: done('loadDevices', deviceTree),
  names: done('loadDepartments', NAMES),
  pages: done('loadPages', { status: 'OK', pages }),
  lines: done('loadLines', { status: 'OK', lines: roomLines }),
};
const FAILED: Record<DeviceList, ElementEvent> = {
  devices: failed('loadDevices'),
  names: failed('loadDepartments'),
  pages: failed('loadPages'),
  lines: failed('loadLines'),
};
export const LIST_OF: Record<string, DeviceList> = Object.fromEntries(
  (Object.keys(LOADED) as DeviceList[]).flatMap((list) => [
    [LOADED[list]!.type, list],
    [FAILED[list]!.type, list],
  ]),
);
/** PC number 3's buffer, which the line has not: the element cannot be read. */
const PC3: ElementEvent = {
  type: 'buffer.changed',
  choice: { pcNumber: 3, useDefaultPcNumber: false, buffer: null },
  ready: false,
};
const DEFAULT_PC: ElementEvent = {
  type: 'buffer.changed',
  choice: { pcNumber: 1, useDefaultPcNumber: true, buffer: OK_BUFFER },
  ready: true,
};

const idle = (s: Snapshot) => s.matches({ form: { address: 'idle', dialog: 'editing' } });

const modelOf = (
  label: string,
  element: EditorElement,
  widgetType: 'LINE_CHART' | 'CARD_CHART',
): ViewPathModel<typeof alone> => ({
  label,
  input: { element, widgetType, preferences },
  events: [
    ...Object.values(LOADED),
    ...Object.values(FAILED),
    { type: 'element.retry' },
    { type: 'element.pickDevice', hexacode: '0A0B0C' },
    { type: 'element.pickDepartment', key: '0A0B0C-1-0' },
    { type: 'element.pickPage', page: 1 },
    { type: 'element.pickLine', line: 2 },
    { type: 'element.changeLabel', label: 'Air' },
    { type: 'element.change', patch: { compareWith: 'ANOTHER_BUFFER' } },
    { type: 'element.change', patch: { compareWith: 'NONE' } },
    { type: 'element.pickColour', field: 'color' },
    done('colourPicker', { colour: COLOUR }),
    { type: 'element.save' },
    { type: 'element.cancel' },
    PC3,
    DEFAULT_PC,
  ] as ElementEvent[],
  // Picks one at a time, each once its list is there, and changes that change something.
  filterEvents: (s: Snapshot, played) => {
    const event = played as unknown as ModelEvent;
    const { context } = s;
    switch (event.type) {
      case 'element.pickDevice':
        return idle(s) && context.hexacode === null;
      case 'element.pickDepartment':
        return idle(s) && context.hexacode !== null && context.departmentKey === null;
      case 'element.pickPage':
        return idle(s) && context.departmentKey !== null && context.page === null;
      case 'element.pickLine':
        return idle(s) && context.element.lineNumber !== event.line;
      case 'element.save':
        // The dialog's Save waits for the list being loaded.
        return !selectIsLoadingAddress(s);
      case 'element.changeLabel':
        return context.label !== event.label;
      case 'element.change':
        return (
          widgetType === 'CARD_CHART' &&
          context.element.compareWith !== (event.patch as { compareWith: string }).compareWith
        );
      case 'buffer.changed':
        return (
          s.matches({ form: { buffer: 'choosing', dialog: 'editing' } }) &&
          context.element.lineNumber !== null &&
          context.element.useDefaultPcNumber !==
            (event.choice as { useDefaultPcNumber: boolean }).useDefaultPcNumber
        );
      default:
        return true;
    }
  },
  serializeState: (s: Snapshot) =>
    JSON.stringify({
      value: s.value,
      picked: [s.context.hexacode, s.context.departmentKey, s.context.page, s.context.element.lineNumber],
      loaded: [s.context.devices.length, s.context.pages.length, s.context.lines.length],
      named: s.context.departments.map((d) => d.name),
      error: s.context.error,
      label: s.context.label,
      colour: s.context.element.color,
      compare: s.context.element.compareWith,
      pc: s.context.element.useDefaultPcNumber,
    }),
});

/** The chart's element as the editor keeps it (every element field, the chart's values). */
const chartElement: EditorElement = { ...newElement(0), ...roomChart.elements[0]! };
export const models = [
  modelOf('the line chart’s element', chartElement, 'LINE_CHART'),
  modelOf('a new metric card’s element', addedElement('CARD_CHART', 0), 'CARD_CHART'),
];
