import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import { preferencesOf } from '../../src/machines/userPreferences';
import type {
  ElementBufferEvent,
  ElementBufferInput,
} from '../../src/machines/widgetEditor/elementBuffer.events';
import { elementBufferMachine } from '../../src/machines/widgetEditor/elementBufferMachine';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { bufferSettings, sessionWith } from '../support/fixtures/preferencesFixtures';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';
import { roomBuffer } from '../support/fixtures/widgetEditorFixtures';
import {
  choose,
  deviceServer,
  dialogNamed,
  elementSettled,
  openEditMode,
  openElement,
  retype,
  transient,
} from '../support/worlds/widgetEditorPath';

installFakeCanvas();

// 30 March 2026, 10:00 UTC: a new buffer starts recording now. The app runs in UTC; dates read dd-MM-yyyy HH:mm.
const NOW = Date.parse('2026-03-30T10:00:00Z');
const NOW_TEXT = '30-03-2026 10:00';
const ROOM_START_TEXT = '01-03-2026 00:00';
/** May choose any PC number and ask the dashboard save for buffers; PC numbers 1 and 3, default 1, 300 s at least. */
const admin = sessionWith('DEVICES', 'APPLY_ACL', 'BUFFERS');
const preferences = preferencesOf(admin, bufferSettings, 'UTC');
const ASKED = {
  status: 'CREATE_BUFFER' as const,
  pcNumber: 3,
  interval: 300,
  start: new Date(NOW).toISOString(),
};

// Alone, the machine has no element step to report to: the model's report is a no-op (the product's is real).
const alone = elementBufferMachine.provide({ actions: { report: () => {} } });
type Snapshot = SnapshotFrom<typeof alone>;

const inputOf = (element: Partial<ElementBufferInput['element']>): ElementBufferInput => ({
  element: { buffer: null, pcNumber: null, useDefaultPcNumber: true, lineNumber: 1, ...element },
  buffers: [roomBuffer],
  preferences,
  now: NOW,
});

const modelOf = (label: string, input: ElementBufferInput): ViewPathModel<typeof alone> => ({
  label,
  input,
  events: [
    { type: 'buffer.useDefault', on: false },
    { type: 'buffer.useDefault', on: true },
    { type: 'buffer.choosePcNumber', pcNumber: 3 },
    { type: 'buffer.choosePcNumber', pcNumber: 1 },
    { type: 'buffer.request' },
    { type: 'buffer.withdraw' },
    { type: 'buffer.changeInterval', text: '10' },
    { type: 'buffer.changeStart', text: 'tomorrow' },
  ],
  // What the fieldset offers: the default ticked on or off, another PC number once it is off, new texts.
  filterEvents: ({ context }: Snapshot, event) => {
    if (event.type === 'buffer.useDefault') return event.on !== context.useDefault;
    if (event.type === 'buffer.choosePcNumber')
      return !context.useDefault && event.pcNumber !== context.pcNumber;
    if (event.type === 'buffer.changeInterval') return event.text !== context.request.intervalText;
    if (event.type === 'buffer.changeStart') return event.text !== context.request.startText;
    return true;
  },
  serializeState: (s: Snapshot) =>
    JSON.stringify({
      value: s.value,
      pc: s.context.pcNumber,
      useDefault: s.context.useDefault,
      request: s.context.request,
    }),
});

const models = [
  modelOf('the chart’s element', inputOf({ buffer: { ...roomBuffer, status: 'OK' } })),
  modelOf('a new element', inputOf({ lineNumber: null })),
  modelOf(
    'an element asking for a buffer',
    inputOf({ buffer: ASKED, pcNumber: 3, useDefaultPcNumber: false }),
  ),
];

/** What the user ticked, chose and typed in the buffer fieldset. */
interface BufferWorld {
  user: UserEvent;
  lined: boolean;
  useDefault: boolean;
  pc: number;
  requesting: boolean;
  intervalText: string;
  startText: string;
}

const fieldset = () => within(dialogNamed('Widget element')).getByRole('group', { name: 'Buffer' });
const click = (world: BufferWorld, name: string) =>
  world.user.click(within(fieldset()).getByRole('button', { name }));

/** The element asks for PC number 3's buffer (every 300 s from now), saved in the widget and opened again. */
async function askForBuffer(user: UserEvent) {
  await user.click(within(fieldset()).getByRole('checkbox', { name: 'Use my default PC number (1)' }));
  await choose(user, 'PC number', '3');
  await user.click(within(fieldset()).getByRole('button', { name: 'Create a buffer' }));
  await user.click(within(dialogNamed('Widget element')).getByRole('button', { name: 'Save' }));
  await user.click(
    within(await screen.findByRole('dialog', { name: 'Widget details' })).getByRole('button', {
      name: 'Edit element 1',
    }),
  );
  await screen.findByRole('dialog', { name: 'Widget element' });
  await elementSettled();
}

async function start(inspect: (event: InspectionEvent) => void, initial: Snapshot): Promise<BufferWorld> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  const user = await openEditMode({
    inspect,
    devices: deviceServer(),
    session: admin,
    settings: bufferSettings,
  });
  const world = { user, lined: initial.context.lineChosen, useDefault: true, pc: 1, requesting: false };
  if (!world.lined) {
    await openElement(user, 'Room chart', 'new');
    return { ...world, intervalText: '', startText: '' };
  }
  await openElement(user, 'Room chart', 1);
  if (!initial.context.asked) return { ...world, intervalText: '', startText: '' };
  await askForBuffer(user);
  return { ...world, useDefault: false, pc: 3, requesting: true, intervalText: '300', startText: NOW_TEXT };
}

async function play(event: ElementBufferEvent, world: BufferWorld) {
  const { user } = world;
  switch (event.type) {
    case 'buffer.useDefault':
      await user.click(within(fieldset()).getByRole('checkbox', { name: 'Use my default PC number (1)' }));
      Object.assign(world, { useDefault: event.on, pc: event.on ? 1 : world.pc, requesting: false });
      return;
    case 'buffer.choosePcNumber':
      await choose(user, 'PC number', String(event.pcNumber));
      Object.assign(world, { pc: event.pcNumber, requesting: false });
      return;
    case 'buffer.request': {
      const existing = world.pc === roomBuffer.pcNumber;
      await click(world, existing ? 'Change the buffer' : 'Create a buffer');
      // A change starts from the buffer as it is; a new one from the shortest interval, now.
      const startText = existing ? ROOM_START_TEXT : NOW_TEXT;
      Object.assign(world, { requesting: true, intervalText: '300', startText });
      return;
    }
    case 'buffer.withdraw':
      await click(
        world,
        world.pc === roomBuffer.pcNumber ? 'Keep the buffer as it is' : "Don't create a buffer",
      );
      world.requesting = false;
      return;
    case 'buffer.changeInterval': {
      const box = within(fieldset()).getByRole('spinbutton', { name: 'Interval (seconds)' });
      await user.clear(box);
      await user.type(box, event.text);
      world.intervalText = event.text;
      return;
    }
    case 'buffer.changeStart':
      await retype(user, 'Recording starts', event.text);
      world.startText = event.text;
  }
}

/** The default PC number ticked or not, and the PC number list (only usable without the default). */
function chosen(world: BufferWorld) {
  expect(world.lined).toBe(true);
  const group = within(fieldset());
  const useDefault = group.getByRole<HTMLInputElement>('checkbox', { name: 'Use my default PC number (1)' });
  expect(useDefault.checked).toBe(world.useDefault);
  const pc = group.getByRole('button', { name: 'PC number' });
  expect(pc.textContent).toBe(String(world.pc));
  expect(pc.hasAttribute('disabled')).toBe(world.useDefault);
  return group;
}

describeViewPaths('element buffer, played in the buffer fieldset of a line chart’s element', alone, {
  model: models,
  start,
  play,
  stop: () => void vi.useRealTimers(),
  states: {
    opening: transient('opening'),
    'chosen.opening': transient('chosen.opening'),
    'chosen.deciding': transient('chosen.deciding'),
    unaddressed: (_, world) => {
      expect(world.lined).toBe(false);
      const group = within(fieldset());
      expect(group.getByText('Choose a line to see its buffers')).toBeTruthy();
      expect(group.queryByRole('checkbox')).toBeNull();
    },
    'chosen.existing': (_, world) => {
      expect([world.pc, world.requesting]).toEqual([roomBuffer.pcNumber, false]);
      const group = chosen(world);
      expect(group.getByText(`Records every 300 s since ${ROOM_START_TEXT}`)).toBeTruthy();
      expect(group.getByRole('button', { name: 'Change the buffer' })).toBeTruthy();
    },
    'chosen.missing': (_, world) => {
      expect(world.pc === roomBuffer.pcNumber || world.requesting).toBe(false);
      const group = chosen(world);
      expect(group.getByText(`No buffer of PC number ${world.pc} records this line`)).toBeTruthy();
      expect(group.getByRole('button', { name: 'Create a buffer' })).toBeTruthy();
    },
    'chosen.requesting': (_, world) => {
      expect(world.requesting).toBe(true);
      const group = chosen(world);
      const changing = world.pc === roomBuffer.pcNumber;
      const interval = group.getByRole<HTMLInputElement>('spinbutton', { name: 'Interval (seconds)' });
      expect(interval.value).toBe(world.intervalText);
      expect(group.getByRole<HTMLInputElement>('textbox', { name: 'Recording starts' }).value).toBe(
        world.startText,
      );
      expect(Boolean(group.queryByText(/^Interval must be a whole number/))).toBe(
        world.intervalText === '10',
      );
      expect(Boolean(group.queryByText(/^Recording starts is invalid/))).toBe(world.startText === 'tomorrow');
      const status = changing ? 'changed' : 'created';
      expect(group.getByText(`The buffer is ${status} when the dashboard is saved`)).toBeTruthy();
    },
  },
});
