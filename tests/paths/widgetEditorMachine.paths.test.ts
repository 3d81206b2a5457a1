import { expect } from 'vitest';
import { createMachine, type SnapshotFrom } from 'xstate';
import { validColour } from '../../src/machines/widgetEditor/colour';
import { colourPickerMachine } from '../../src/machines/widgetEditor/colourPickerMachine';
import type { elementBufferMachine } from '../../src/machines/widgetEditor/elementBufferMachine';
import { provideWidgetEditor } from '../../src/machines/widgetEditor/provideWidgetEditor';
import { newElement } from '../../src/machines/widgetEditor/widgetDefaults';
import { elementsOf } from '../../src/machines/widgetEditor/widgetDraft';
import { widgetEditorMachine } from '../../src/machines/widgetEditor/widgetEditorMachine';
import { widgetElementMachine } from '../../src/machines/widgetEditor/widgetElementMachine';
import type { WidgetElementInput } from '../../src/machines/widgetEditor/widgetElementMachine';
import { deviceTree, pages } from '../support/fixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';
import { newPosition, roomLines, savedLineWidget } from '../support/widgetEditorFixtures';

const [savedElement] = savedLineWidget.elements;
const lined = { ...newElement(0), ...savedElement! };

// The widget editor: the element step and the colour picker are answered by their done events.
const editor = modelEvents<typeof widgetEditorMachine>();
type EditorSnapshot = SnapshotFrom<typeof widgetEditorMachine>;

describeMachinePaths('widget editor machine paths', widgetEditorMachine, {
  models: {
    input: { widget: null, position: newPosition },
    events: [
      { type: 'widget.changeType', widgetType: 'LINE' },
      { type: 'widget.changeType', widgetType: 'MULTIPLE_Y_CHART' },
      { type: 'widget.change', patch: { name: 'Room' } },
      { type: 'table.toggle', axis: 'visibleRows', key: '0A0B0C/1/0' },
      { type: 'widget.pickColour', field: 'defaultColor' },
      { type: 'widget.pickInterval' },
      { type: 'element.add' },
      { type: 'element.edit', index: 0 },
      { type: 'element.remove', index: 0 },
      { type: 'element.move', index: 0, offset: 1 },
      { type: 'widget.save' },
      { type: 'widget.cancel' },
      editor.done('colourPicker', { colour: '#112233' }),
      editor.done('colourPicker', null),
      editor.done('dateRange', {
        value: { type: 'LAST_30_DAYS', start: null, end: null, compareTo: { value: 2, unit: 'DAYS' } },
      }),
      editor.done('dateRange', null),
      editor.done('widgetElement', { elements: [lined], wholePage: false }),
      editor.done('widgetElement', null),
    ],
    serializeState: (s: EditorSnapshot) => {
      const elements = elementsOf(s.context.draft);
      return JSON.stringify({
        value: s.value,
        type: s.context.draft.type,
        count: Math.min(elements.length, 2),
        lined: elements.every((e) => e.lineNumber !== null),
        named: Boolean(s.context.draft.fields.name),
      });
    },
  },
  runnable: provideWidgetEditor({
    getDeviceTree: () => new Promise(() => {}),
    departmentNames: () => new Promise(() => {}),
    pages: () => new Promise(() => {}),
    lines: () => new Promise(() => {}),
  }),
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done' && snapshot.output)
      expect(snapshot.output.widget.position.i).toBe(snapshot.output.widget.id);
  },
});

// The element step, for a new LINE element, an edited one (its address is picked again) and a PAGE element.
const step = modelEvents<typeof widgetElementMachine>();
type StepSnapshot = SnapshotFrom<typeof widgetElementMachine>;
const stepModel = (input: WidgetElementInput): ModelOptions<typeof widgetElementMachine> => ({
  input,
  events: [
    step.done('loadDevices', deviceTree),
    step.failed('loadDevices'),
    { type: 'element.retry' },
    { type: 'element.pickDevice', hexacode: '0A0B0C' },
    { type: 'element.pickDepartment', key: '0A0B0C-1-0' },
    { type: 'element.pickPage', page: 1 },
    { type: 'element.pickLine', line: 1 },
    step.done('loadDepartments', []),
    step.failed('loadDepartments'),
    step.done('loadPages', { status: 'OK', pages }),
    step.failed('loadPages'),
    step.done('loadLines', { status: 'OK', lines: roomLines }),
    step.failed('loadLines'),
    { type: 'element.changeLabel', label: 'Air' },
    { type: 'element.change', patch: { symbol: '▲' } },
    { type: 'element.pickColour', field: 'color' },
    step.done('colourPicker', { colour: '#112233' }),
    { type: 'element.save' },
    { type: 'element.cancel' },
    // A metric card reads a buffer only when it compares with another one.
    { type: 'element.change', patch: { compareWith: 'ANOTHER_BUFFER' } },
    { type: 'element.change', patch: { compareWith: 'NONE' } },
    // Raised by a picked line or loaded lines; walked on its own too (a raised event is no step of a path).
    { type: 'element.lineBuffersArrived' },
    // What the element's buffer choice reports (its actor is a stub here, see runnable).
    { type: 'buffer.changed', choice: { pcNumber: 1, useDefaultPcNumber: true, buffer: null }, ready: false },
    {
      type: 'buffer.changed',
      choice: {
        pcNumber: 1,
        useDefaultPcNumber: true,
        buffer: { status: 'OK', pcNumber: 1, interval: 300, start: null },
      },
      ready: true,
    },
  ],
  serializeState: (s: StepSnapshot) =>
    JSON.stringify({
      value: s.value,
      picked: [s.context.hexacode, s.context.departmentKey, s.context.page, s.context.element.lineNumber],
      pageElements: s.context.pageElements?.length ?? null,
      error: s.context.error !== null,
      buffer: s.context.bufferReady,
    }),
});

describeMachinePaths('widget element machine paths', widgetElementMachine, {
  models: [
    stepModel({ element: newElement(0), widgetType: 'LINE' }),
    stepModel({ element: lined, widgetType: 'LINE' }),
    stepModel({ element: newElement(0), widgetType: 'PAGE' }),
    stepModel({ element: lined, widgetType: 'LINE_CHART' }),
    stepModel({ element: lined, widgetType: 'CARD_CHART' }),
  ],
  label: (model) => `${model.input?.widgetType} ${model.input?.element.lineNumber ? 'edited' : 'new'}`,
  runnable: widgetElementMachine.provide({
    actors: {
      loadDevices: pending(),
      loadDepartments: pending(),
      loadPages: pending(),
      loadLines: pending(),
      // The buffer choice reports through the path's buffer.changed events instead.
      elementBuffer: createMachine({}) as unknown as typeof elementBufferMachine,
    },
  }),
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done' && snapshot.output)
      expect(snapshot.output.elements.length).toBeGreaterThan(0);
  },
});

// The colour picker.
describeMachinePaths('colour picker machine paths', colourPickerMachine, {
  models: {
    input: { colour: null },
    events: [
      { type: 'colour.choose', colour: '#2196F3' },
      { type: 'colour.type', text: '#12ab34' },
      { type: 'colour.type', text: '#12ab3' },
      { type: 'colour.toggleHexa' },
      { type: 'colour.save' },
      { type: 'colour.clear' },
      { type: 'colour.cancel' },
    ],
    serializeState: (s: SnapshotFrom<typeof colourPickerMachine>) =>
      JSON.stringify({
        value: s.value,
        hexa: s.context.hexa,
        valid: validColour(s.context.text, s.context.hexa),
        error: s.context.error !== null,
      }),
  },
  check: (actor) => {
    const snapshot = actor.getSnapshot();
    if (snapshot.status === 'done' && snapshot.output?.colour)
      expect(validColour(snapshot.output.colour, snapshot.output.colour.length === 9)).toBe(true);
  },
});
