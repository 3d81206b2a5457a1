import { describe, expect, it } from 'vitest';
import { createActor, toPromise, waitFor, type ActorRefFrom } from 'xstate';
import { en } from '#i18n/en';
import { colourPickerMachine } from '../../src/machines/widgetEditor/colourPickerMachine';
import { selectElementStep } from '../../src/machines/widgetEditor/widgetEditor.selectors';
import type { WidgetEditorOutput } from '../../src/machines/widgetEditor/widgetEditor.events';
import type { widgetElementMachine } from '../../src/machines/widgetEditor/widgetElementMachine';
import type { WidgetType } from '#contracts';
import {
  addressSettled,
  devicesLoaded,
  newPosition,
  savedLineWidget,
  startWidgetEditor,
} from '../support/fixtures/widgetEditorFixtures';

type Editor = ReturnType<typeof startWidgetEditor>['actor'];

const elements = (actor: Editor, type?: WidgetType) => {
  const { draft } = actor.getSnapshot().context;
  return draft.lists[type ?? draft.type!] ?? [];
};

function elementStep(actor: Editor): ActorRefFrom<typeof widgetElementMachine> {
  const step = selectElementStep(actor.getSnapshot());
  if (!step) throw new Error('The element step is not open');
  return step;
}

/** Picks Cold room › Room 1 › page 1 in the element step. */
async function pickPage(step: ActorRefFrom<typeof widgetElementMachine>) {
  step.send({ type: 'element.pickDevice', hexacode: '0A0B0C' });
  await addressSettled(step);
  step.send({ type: 'element.pickDepartment', key: '0A0B0C-1-0' });
  await addressSettled(step);
  step.send({ type: 'element.pickPage', page: 1 });
  await addressSettled(step);
  // The department's pages stay listed once one is picked, so the picker keeps showing it.
  expect(step.getSnapshot().context.pages.map((page) => page.number)).toContain(1);
}

/** Opens element `index` and picks Cold room › Room 1 › page 1 › line `line`. */
async function pickLine(actor: Editor, index: number, line = 1, label = '') {
  actor.send({ type: 'element.edit', index });
  const step = elementStep(actor);
  await devicesLoaded(step);
  await pickPage(step);
  step.send({ type: 'element.pickLine', line });
  step.send({ type: 'element.changeLabel', label });
  step.send({ type: 'element.save' });
  expect(actor.getSnapshot().value).toBe('editing');
}

describe('widget editor machine', () => {
  it('seeds each type’s list once, per SPEC §4', () => {
    const { actor } = startWidgetEditor();
    const seeded = (type: WidgetType) => {
      actor.send({ type: 'widget.changeType', widgetType: type });
      return elements(actor);
    };
    expect(seeded('TABLE')).toEqual([expect.objectContaining({ yAxisNumber: 1, lineNumber: null })]);
    expect(seeded('PICTOGRAPH')).toEqual([expect.objectContaining({ group: 0, showAxis: false })]);
    expect(seeded('CARD_CHART')).toEqual([
      expect.objectContaining({
        compareWith: 'NONE',
        compareType: 'NUMERIC',
        showAxis: false,
        showSparkline: false,
      }),
    ]);
    expect(seeded('LINE')).toEqual([expect.objectContaining({ yAxisNumber: 0 })]);
    expect(seeded('MULTIPLE_Y_CHART').map((e) => e.yAxisNumber)).toEqual([0, 1]);
  });

  it('keeps a separate element list per type', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'LINE' });
    await pickLine(actor, 0, 2);
    actor.send({ type: 'widget.changeType', widgetType: 'TABLE' });
    expect(elements(actor)[0]?.lineNumber).toBeNull();
    actor.send({ type: 'widget.changeType', widgetType: 'LINE' });
    expect(elements(actor)).toEqual([expect.objectContaining({ lineNumber: 2, dataName: 'Line 2' })]);
    expect(elements(actor, 'TABLE')).toHaveLength(1);
  });

  it('requires a type, a name and a line for every element', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.save' });
    const { errors } = actor.getSnapshot().context;
    expect(errors.type && en[errors.type]).toBe('select a widget type');
    expect(errors.name && en[errors.name]).toBe('Name is required');
    actor.send({ type: 'element.add' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'widget.changeType', widgetType: 'LINE' });
    actor.send({ type: 'widget.change', patch: { name: '  ' } });
    actor.send({ type: 'widget.save' });
    expect(actor.getSnapshot().context.errors).toEqual({
      name: 'widgetEditor.nameRequired',
      elements: 'widgetEditor.lineRequired',
    });
    actor.send({ type: 'widget.change', patch: { name: 'Room' } });
    expect(actor.getSnapshot().context.errors.name).toBeUndefined();
    actor.send({ type: 'element.remove', index: 0 });
    actor.send({ type: 'widget.save' });
    expect(actor.getSnapshot().context.errors.elements).toBe('widgetEditor.elementsRequired');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it('picks device, department, page and line through the provided loaders', async () => {
    const { actor, api } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'LINE' });
    actor.send({ type: 'element.edit', index: 0 });
    const step = elementStep(actor);
    await devicesLoaded(step);
    expect(step.getSnapshot().context.devices.map((d) => d.name)).toEqual(['Pack controller', 'Cold room']);
    step.send({ type: 'element.pickDevice', hexacode: '0A0B0C' });
    await addressSettled(step);
    expect(api.departmentNames).toHaveBeenCalledWith([
      expect.objectContaining({ key: '0A0B0C-1-0', hexacode: '0A0B0C', department: 1 }),
      expect.objectContaining({ key: '0A0B0C-2-0' }),
    ]);
    expect(step.getSnapshot().context.departments.map((d) => d.name)).toEqual(['Room 1', 'Freezer']);
    step.send({ type: 'element.pickDepartment', key: '0A0B0C-1-0' });
    await addressSettled(step);
    expect(api.pages).toHaveBeenCalledWith(expect.objectContaining({ hexacode: '0A0B0C', department: 1 }));
    step.send({ type: 'element.pickPage', page: 1 });
    await addressSettled(step);
    expect(api.lines).toHaveBeenCalledWith(
      expect.objectContaining({ hexacode: '0A0B0C', department: 1, page: 1, departmentName: 'Room 1' }),
    );
    step.send({ type: 'element.save' });
    expect(step.getSnapshot().context.error).toBe('widgetEditor.element.lineRequired');
    step.send({ type: 'element.pickLine', line: 2 });
    step.send({ type: 'element.save' });
    expect(elements(actor)[0]).toMatchObject({
      hexacode: '0A0B0C',
      rawHexacode: '0A0B0C',
      department: 1,
      subDepartment: 0,
      pageNumber: 1,
      lineNumber: 2,
      dataName: 'Line 2',
      label: 'Cold room · Room 1',
      unit: '°C',
      name: null,
    });
  });

  it('keeps a custom label trimmed, and null when blank or the line’s name', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'MULTIPLE_Y_CHART' });
    await pickLine(actor, 0, 1, '  Air in  ');
    await pickLine(actor, 1, 1, 'Line 1');
    expect(elements(actor).map((e) => e.name)).toEqual(['Air in', null]);
    await pickLine(actor, 0, 1, '   ');
    expect(elements(actor)[0]?.name).toBeNull();
  });

  it('picks an edited element’s address again and cancels the step without changes', async () => {
    const { actor, api } = startWidgetEditor({ widget: savedLineWidget });
    actor.send({ type: 'element.edit', index: 0 });
    const step = elementStep(actor);
    await devicesLoaded(step);
    await addressSettled(step);
    expect(api.lines).toHaveBeenCalled();
    expect(step.getSnapshot().context).toMatchObject({
      hexacode: '0A0B0C',
      departmentKey: '0A0B0C-1-0',
      page: 1,
    });
    step.send({ type: 'element.pickDevice', hexacode: 'A1B2C3' });
    step.send({ type: 'element.cancel' });
    expect(elements(actor)).toEqual(savedLineWidget.elements);
  });

  it('forgets a failed device list once a retry loads it', async () => {
    const { actor, api } = startWidgetEditor({ widget: savedLineWidget });
    api.getDeviceTree.mockRejectedValueOnce(new Error('502'));
    actor.send({ type: 'element.edit', index: 0 });
    const step = elementStep(actor);
    await waitFor(step, (s) => s.matches('failed'));
    step.send({ type: 'element.retry' });
    await devicesLoaded(step);
    expect(step.getSnapshot().context.error).toBeNull();
  });

  it('adds, moves and removes elements', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'LINE' });
    actor.send({ type: 'element.add' });
    const step = elementStep(actor);
    step.send({ type: 'element.cancel' });
    expect(elements(actor)).toHaveLength(1);
    actor.send({ type: 'element.add' });
    await pickLine(actor, 1, 2);
    expect(elements(actor).map((e) => [e.order, e.lineNumber])).toEqual([
      [0, null],
      [1, 2],
    ]);
    actor.send({ type: 'element.move', index: 1, offset: -1 });
    actor.send({ type: 'element.move', index: 0, offset: -1 });
    expect(elements(actor).map((e) => [e.order, e.lineNumber])).toEqual([
      [0, 2],
      [1, null],
    ]);
    actor.send({ type: 'element.remove', index: 1 });
    expect(elements(actor).map((e) => e.lineNumber)).toEqual([2]);
  });

  it('makes one element a line of a PAGE widget’s picked page', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'PAGE' });
    actor.send({ type: 'element.edit', index: 0 });
    const step = elementStep(actor);
    await devicesLoaded(step);
    step.send({ type: 'element.save' });
    expect(step.getSnapshot().context.error).toBe('widgetEditor.element.pageRequired');
    await pickPage(step);
    step.send({ type: 'element.save' });
    expect(elements(actor).map((e) => [e.order, e.pageNumber, e.lineNumber, e.label])).toEqual([
      [0, 1, 1, 'Cold room · Room 1'],
      [1, 1, 2, 'Cold room · Room 1'],
    ]);
  });

  it('toggles the TABLE’s visible rows and columns, empty meaning all', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'TABLE' });
    await pickLine(actor, 0, 1);
    actor.send({ type: 'element.add' });
    await pickLine(actor, 1, 2);
    const fields = () => actor.getSnapshot().context.draft.fields;
    actor.send({ type: 'table.toggle', axis: 'visibleColumns', key: '1/2' });
    expect(fields().visibleColumns).toEqual(['1/1']);
    actor.send({ type: 'table.toggle', axis: 'visibleColumns', key: '1/2' });
    expect(fields().visibleColumns).toEqual([]);
    actor.send({ type: 'table.toggle', axis: 'visibleRows', key: '0A0B0C/1/0' });
    expect(fields().visibleRows).toEqual([]);
  });

  it('picks widget colours: cancel keeps, save applies, clear sets null', () => {
    const { actor } = startWidgetEditor();
    const picker = () => actor.getSnapshot().children.colourPicker!;
    const colour = () => actor.getSnapshot().context.draft.fields.defaultColor;
    actor.send({ type: 'widget.pickColour', field: 'defaultColor' });
    picker().send({ type: 'colour.choose', colour: '#2196F3' });
    picker().send({ type: 'colour.cancel' });
    expect(colour()).toBeUndefined();
    actor.send({ type: 'widget.pickColour', field: 'defaultColor' });
    picker().send({ type: 'colour.type', text: '#12ab3' });
    picker().send({ type: 'colour.save' });
    expect(picker().getSnapshot().context.error).toBe('widgetEditor.colour.invalid');
    picker().send({ type: 'colour.type', text: '#12ab34' });
    picker().send({ type: 'colour.save' });
    expect(colour()).toBe('#12AB34');
    actor.send({ type: 'widget.pickColour', field: 'defaultColor' });
    expect(picker().getSnapshot().context.text).toBe('#12AB34');
    picker().send({ type: 'colour.clear' });
    expect(colour()).toBeNull();
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('edits #RRGGBBAA in hexa mode', async () => {
    const picker = createActor(colourPickerMachine, { input: { colour: '#FF000080' } }).start();
    expect(picker.getSnapshot().context.hexa).toBe(true);
    picker.send({ type: 'colour.choose', colour: '#2196F3' });
    expect(picker.getSnapshot().context.text).toBe('#2196F380');
    picker.send({ type: 'colour.toggleHexa' });
    expect(picker.getSnapshot().context.text).toBe('#2196F3');
    picker.send({ type: 'colour.toggleHexa' });
    expect(picker.getSnapshot().context.text).toBe('#2196F3FF');
    picker.send({ type: 'colour.type', text: '#2196f340' });
    picker.send({ type: 'colour.save' });
    expect(await toPromise(picker)).toEqual({ colour: '#2196F340' });
  });

  it('ends with the widget parsed by its contract, a new id and its interval default', async () => {
    const { actor } = startWidgetEditor();
    actor.send({ type: 'widget.changeType', widgetType: 'CARD_CHART' });
    actor.send({ type: 'widget.change', patch: { name: ' Room card ' } });
    await pickLine(actor, 0, 1);
    actor.send({ type: 'widget.save' });
    const output = (await toPromise(actor)) as NonNullable<WidgetEditorOutput>;
    expect(output.widget).toMatchObject({
      type: 'CARD_CHART',
      name: 'Room card',
      position: { ...newPosition, i: output.widget.id },
      interval: { type: 'LAST_7_DAYS' },
      elements: [{ order: 0, lineNumber: 1, compareWith: 'NONE', showSparkline: false }],
    });
    expect(output.widget.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps an edited widget’s id and ends with null when cancelled', async () => {
    const saved = startWidgetEditor({ widget: savedLineWidget });
    saved.actor.send({ type: 'widget.save' });
    expect(await toPromise(saved.actor)).toEqual({
      widget: { ...savedLineWidget, interval: { ...savedLineWidget.interval, type: 'LAST_24_HOURS' } },
    });
    const cancelled = startWidgetEditor({ widget: savedLineWidget });
    cancelled.actor.send({ type: 'widget.cancel' });
    expect(await toPromise(cancelled.actor)).toBeNull();
  });
});
