import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { ElementBufferInput } from '../../src/machines/widgetEditor/elementBuffer.events';
import {
  choiceOf,
  initialPcNumber,
  readsBuffer,
  requestErrors,
  storedBuffers,
} from '../../src/machines/widgetEditor/elementBuffer.rules';
import { bufferReport, elementBufferMachine } from '../../src/machines/widgetEditor/elementBufferMachine';
import { newElement } from '../../src/machines/widgetEditor/widgetDefaults';
import type { UserPreferences } from '../../src/machines/userPreferences';
import {
  adminPreferences,
  builderPreferences,
  operatorPreferences,
} from '../support/fixtures/preferencesFixtures';

const NOW = Date.parse('2026-03-30T10:00:00Z');
const operator = operatorPreferences;
const admin = adminPreferences;
const builder = builderPreferences;
const pc1 = { pcNumber: 1, interval: 600, start: '2026-03-01T00:00:00.000Z' };
const request = (intervalText: string, startText = '30-03-2026 12:00') => ({ intervalText, startText });

describe('element buffer rules', () => {
  it('reads a buffer in the historical types, and in a metric card compared with another buffer', () => {
    const element = newElement(0);
    for (const type of ['LINE_CHART', 'MULTIPLE_Y_CHART', 'MULTIGRID_CHART', 'COLLAPSABLE_TABLE'] as const)
      expect(readsBuffer(type, element)).toBe(true);
    expect(readsBuffer('LINE', element)).toBe(false);
    expect(readsBuffer('CARD_CHART', element)).toBe(false);
    expect(readsBuffer('CARD_CHART', { ...element, compareWith: 'ANOTHER_BUFFER' })).toBe(true);
  });

  it('starts from the default PC number when the element uses it, else from its own', () => {
    const own = { buffer: null, pcNumber: 3, useDefaultPcNumber: false };
    expect(initialPcNumber({ ...own, useDefaultPcNumber: true }, operator)).toBe(1);
    expect(initialPcNumber(own, operator)).toBe(3);
    expect(
      initialPcNumber({ ...own, buffer: { status: 'OK', pcNumber: 7, interval: 1, start: null } }, operator),
    ).toBe(7);
    expect(initialPcNumber({ ...own, pcNumber: null }, operator)).toBe(1);
  });

  it('reads an existing buffer as it is, and has none to read without one', () => {
    expect(choiceOf(1, true, [pc1], null, operator)).toEqual({
      pcNumber: 1,
      useDefaultPcNumber: true,
      availableBuffers: [pc1],
      buffer: { status: 'OK', pcNumber: 1, interval: 600, start: pc1.start },
    });
    expect(choiceOf(3, false, [pc1], null, operator)).toBeNull();
  });

  it('asks the save to create a missing buffer, or to change an existing one’s interval or start', () => {
    expect(choiceOf(3, false, [pc1], request('900'), admin)?.buffer).toEqual({
      status: 'CREATE_BUFFER',
      pcNumber: 3,
      interval: 900,
      start: '2026-03-30T10:00:00.000Z',
    });
    // The existing buffer as it is: nothing to change.
    expect(choiceOf(1, true, [pc1], request('600', '01-03-2026 01:00'), admin)?.buffer?.status).toBe('OK');
    expect(choiceOf(1, true, [pc1], request('1200', '01-03-2026 01:00'), admin)?.buffer).toMatchObject({
      status: 'CREATE_BUFFER',
      interval: 1200,
    });
    expect(choiceOf(1, true, [pc1], request('600', '02-03-2026 01:00'), admin)?.buffer?.status).toBe(
      'CREATE_BUFFER',
    );
  });

  it('creates a buffer of a PC number the user may not choose under the default, which the element then uses', () => {
    expect(choiceOf(7, false, [], request('900'), builder)).toMatchObject({
      pcNumber: 1,
      useDefaultPcNumber: true,
      buffer: { status: 'CREATE_BUFFER', pcNumber: 1 },
    });
  });

  it('refuses an interval below the user’s shortest, over a day or not whole, and a start not in the format', () => {
    expect(requestErrors(request('299'), admin)).toEqual({ interval: 'widgetEditor.buffer.intervalInvalid' });
    expect(requestErrors(request('86401'), admin).interval).toBeDefined();
    expect(requestErrors(request('300.5'), admin).interval).toBeDefined();
    expect(requestErrors(request('300', '2026-03-30 12:00'), admin)).toEqual({
      start: 'dateRange.invalidDate',
    });
    expect(requestErrors(request('86400'), admin)).toEqual({});
    expect(choiceOf(3, false, [], request('299'), admin)).toBeNull();
  });

  it('keeps only stored buffers whose interval and start are known', () => {
    const element = { availableBuffers: [pc1, { pcNumber: 2, interval: null, start: null }] };
    expect(storedBuffers(element)).toEqual([pc1]);
  });
});

function start(
  preferences: UserPreferences,
  element: Partial<ElementBufferInput['element']> = {},
  buffers = [pc1],
) {
  return createActor(elementBufferMachine.provide({ actions: { report: () => {} } }), {
    input: {
      element: { buffer: null, pcNumber: null, useDefaultPcNumber: true, lineNumber: 1, ...element },
      buffers,
      preferences,
      now: NOW,
    },
  }).start();
}
const report = (actor: ReturnType<typeof start>) =>
  bufferReport(actor.getSnapshot().context, actor.getSnapshot().matches({ chosen: 'requesting' }));

describe('element buffer machine', () => {
  it('waits for a line', () => {
    const actor = start(operator, { lineNumber: null });
    expect(actor.getSnapshot().value).toBe('unaddressed');
    expect(report(actor).ready).toBe(false);
  });

  it('reads the default PC number’s buffer, and blocks another PC number without one', () => {
    const actor = start(operator);
    expect(actor.getSnapshot().value).toEqual({ chosen: 'existing' });
    expect(report(actor)).toMatchObject({ ready: true, choice: { pcNumber: 1, buffer: { status: 'OK' } } });
    actor.send({ type: 'buffer.choosePcNumber', pcNumber: 3 });
    expect(actor.getSnapshot().value).toEqual({ chosen: 'missing' });
    expect(report(actor)).toEqual({
      type: 'buffer.changed',
      choice: { pcNumber: 3, useDefaultPcNumber: false, buffer: null },
      ready: false,
    });
    // An operator may neither create buffers nor pick a PC number of someone else's.
    actor.send({ type: 'buffer.request' });
    actor.send({ type: 'buffer.choosePcNumber', pcNumber: 9 });
    expect(actor.getSnapshot().value).toEqual({ chosen: 'missing' });
    actor.send({ type: 'buffer.useDefault', on: true });
    expect(actor.getSnapshot().context).toMatchObject({ pcNumber: 1, useDefault: true });
  });

  it('asks for a buffer with the user’s shortest interval from now, and withdraws', () => {
    const actor = start(admin, {}, []);
    actor.send({ type: 'buffer.request' });
    expect(actor.getSnapshot().context.request).toEqual({
      intervalText: '300',
      startText: '30-03-2026 12:00',
    });
    expect(report(actor)).toMatchObject({
      ready: true,
      choice: { buffer: { status: 'CREATE_BUFFER', interval: 300 } },
    });
    actor.send({ type: 'buffer.changeInterval', text: '30' });
    expect(report(actor).ready).toBe(false);
    actor.send({ type: 'buffer.changeInterval', text: '3600' });
    actor.send({ type: 'buffer.changeStart', text: '31-03-2026 00:00' });
    expect(report(actor).choice.buffer).toEqual({
      status: 'CREATE_BUFFER',
      pcNumber: 1,
      interval: 3600,
      start: '2026-03-30T22:00:00.000Z',
    });
    actor.send({ type: 'buffer.withdraw' });
    expect(actor.getSnapshot().value).toEqual({ chosen: 'missing' });
  });

  it('opens an element that asked for its buffer with its request', () => {
    const asked = {
      status: 'CREATE_BUFFER' as const,
      pcNumber: 1,
      interval: 900,
      start: '2026-03-30T22:00:00.000Z',
    };
    const actor = start(admin, { buffer: asked });
    expect(actor.getSnapshot().value).toEqual({ chosen: 'requesting' });
    expect(actor.getSnapshot().context.request).toEqual({
      intervalText: '900',
      startText: '31-03-2026 00:00',
    });
    // Without the grant the request is not offered again: the buffer as it is.
    expect(start(operator, { buffer: asked }).getSnapshot().value).toEqual({ chosen: 'existing' });
  });
});
