import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { UserPreferences } from '../../src/machines/userPreferences';
import type { ElementBufferInput } from '../../src/machines/widgetEditor/elementBuffer.events';
import { bufferReport, elementBufferMachine } from '../../src/machines/widgetEditor/elementBufferMachine';
import { describeMachinePaths, type ModelOptions } from '../support/machinePaths';
import { adminPreferences, operatorPreferences } from '../support/preferencesFixtures';

const operator = operatorPreferences;
const admin = adminPreferences;
const pc1 = { pcNumber: 1, interval: 600, start: '2026-03-01T00:00:00.000Z' };

// Alone, the machine has no element step to report to: the model is the machine with its report a no-op.
const alone = elementBufferMachine.provide({ actions: { report: () => {} } });
type Snapshot = SnapshotFrom<typeof alone>;

const input = (
  preferences: UserPreferences,
  element: Partial<ElementBufferInput['element']> = {},
): ElementBufferInput => ({
  element: { buffer: null, pcNumber: null, useDefaultPcNumber: true, lineNumber: 1, ...element },
  buffers: [pc1],
  preferences,
  now: Date.parse('2026-03-30T10:00:00Z'),
});

const model = (modelInput: ElementBufferInput): ModelOptions<typeof alone> => ({
  input: modelInput,
  events: [
    { type: 'buffer.useDefault', on: false },
    { type: 'buffer.useDefault', on: true },
    { type: 'buffer.choosePcNumber', pcNumber: 3 },
    { type: 'buffer.choosePcNumber', pcNumber: 42 },
    { type: 'buffer.request' },
    { type: 'buffer.withdraw' },
    { type: 'buffer.changeInterval', text: '10' },
    { type: 'buffer.changeInterval', text: '900' },
    { type: 'buffer.changeStart', text: 'tomorrow' },
  ],
  serializeState: (s: Snapshot) =>
    JSON.stringify({
      value: s.value,
      pc: s.context.pcNumber,
      useDefault: s.context.useDefault,
      ready: bufferReport(s.context, s.matches({ chosen: 'requesting' })).ready,
    }),
});

describeMachinePaths('element buffer machine paths', alone, {
  models: [
    model(input(operator)),
    model(input(admin)),
    model(input(admin, { lineNumber: null })),
    model(
      input(admin, {
        useDefaultPcNumber: false,
        buffer: { status: 'CREATE_BUFFER', pcNumber: 3, interval: 900, start: '2026-03-30T22:00:00.000Z' },
      }),
    ),
  ],
  label: (m) =>
    `${m.input?.preferences.mayCreateBuffers ? 'may create' : 'may not create'}${m.input?.element.lineNumber === null ? ', no line' : ''}${m.input?.element.buffer ? ', asked' : ''}`,
  check: (actor) => {
    const { context } = actor.getSnapshot();
    // Only PC numbers the user may choose are ever chosen.
    expect(context.preferences.pcNumbers).toContain(context.pcNumber);
  },
});
