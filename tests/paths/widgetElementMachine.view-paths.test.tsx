import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { bufferSettings } from '../support/fixtures/preferencesFixtures';
import { describeViewPaths } from '../support/paths/viewPaths';
import {
  choose,
  deviceServer,
  dialogNamed,
  openEditMode,
  retype,
  roomChart,
  transient,
  type DeviceList,
  type DeviceServer,
} from '../support/worlds/widgetEditorPath';
import {
  alone,
  COLOUR,
  LIST_OF,
  LOADED,
  models,
  type ElementEvent,
  type ModelEvent,
  type Snapshot,
} from '../support/worlds/widgetEditorPathElement';

installFakeCanvas();

/** What the user picked and typed in the element step, and what the server answered. */
interface ElementWorld {
  user: UserEvent;
  devices: DeviceServer;
  details: 'Widget details' | 'Add widget';
  type: 'LINE_CHART' | 'CARD_CHART';
  failed: boolean;
  loading: DeviceList | null;
  device: boolean;
  department: boolean;
  /** Whether the department names arrived since the device was picked. */
  named: boolean;
  page: number | null;
  pagesLoaded: boolean;
  linesLoaded: boolean;
  line: number | null;
  /** The label the element gets from its device and department: 'Cold room · Room 1'. */
  place: string | null;
  error: string | null;
  label: string;
  colour: string | null;
  picking: boolean;
  compare: string;
  useDefault: boolean;
  pc: number;
  outcome: 'open' | 'saved' | 'cancelled';
  summary: string;
}

const TEXT = {
  loadFailed: 'The list could not be loaded',
  noBuffer: 'Buffer not available',
  noLine: 'Choose a line',
  useDefault: 'Use my default PC number (1)',
};

async function start(inspect: (event: InspectionEvent) => void, initial: Snapshot): Promise<ElementWorld> {
  const devices = deviceServer();
  const user = await openEditMode({ inspect, devices, settings: bufferSettings });
  const chart = initial.context.widgetType === 'LINE_CHART';
  if (chart) await user.click(await screen.findByRole('button', { name: `Edit widget ${roomChart.name}` }));
  else {
    await user.click(screen.getByRole('button', { name: 'Add widget' }));
    await choose(user, 'Widget type', 'Metric card');
  }
  const details = chart ? 'Widget details' : 'Add widget';
  devices.hold();
  await user.click(within(dialogNamed(details)).getByRole('button', { name: 'Edit element 1' }));
  return {
    user,
    devices,
    details,
    type: initial.context.widgetType as ElementWorld['type'],
    failed: false,
    loading: 'devices',
    device: false,
    department: false,
    named: false,
    page: null,
    pagesLoaded: false,
    linesLoaded: false,
    line: chart ? 1 : null,
    place: chart ? 'Cold room · Room 1' : null,
    error: null,
    label: '',
    colour: null,
    picking: false,
    compare: 'NONE',
    useDefault: true,
    pc: 1,
    outcome: 'open',
    summary: chart ? 'Cold room · Room 1 — Line 1' : 'No line chosen',
  };
}

const readsBufferNow = (world: ElementWorld) =>
  world.type === 'LINE_CHART' || world.compare === 'ANOTHER_BUFFER';
/** SPEC §3/§5: only PC number 1's buffer records the room's lines. */
const bufferReadable = (world: ElementWorld) =>
  !readsBufferNow(world) || (world.line !== null && (world.useDefault || world.pc === 1));

/** What the server's answer of `list` leads to (SPEC §2: an edited element's address is picked again). */
function answered(world: ElementWorld, list: DeviceList, ok: boolean) {
  world.loading = null;
  if (!ok) {
    if (list === 'devices') world.failed = true;
    else world.error = TEXT.loadFailed;
    return;
  }
  if (list === 'devices') {
    const editing = world.line !== null;
    Object.assign(world, { failed: false, device: editing, department: editing, page: editing ? 1 : null });
    if (editing) world.loading = 'names';
  } else if (list === 'names') {
    world.named = true;
    if (world.department) world.loading = 'pages';
  } else if (list === 'pages') {
    world.pagesLoaded = true;
    if (world.page !== null) world.loading = 'lines';
  } else world.linesLoaded = true;
}

const cleared: Partial<ElementWorld> = { error: null, pagesLoaded: false, linesLoaded: false, page: null };
const set = (world: ElementWorld, patch: Partial<ElementWorld>) => void Object.assign(world, patch);
const elementDialog = () => within(dialogNamed('Widget element'));

async function play(played: ElementEvent, world: ElementWorld) {
  const event = played as unknown as ModelEvent;
  const { user } = world;
  const list = LIST_OF[event.type];
  if (list) {
    await world.devices.answer(list, event.type.startsWith('xstate.done'));
    return answered(world, list, event.type.startsWith('xstate.done'));
  }
  switch (event.type) {
    case 'element.retry':
      await user.click(elementDialog().getByRole('button', { name: 'Try again' }));
      return set(world, { failed: false, loading: 'devices' });
    case 'element.pickDevice':
      await choose(user, 'Device', 'Cold room (0A0B0C)');
      return set(world, {
        ...cleared,
        device: true,
        department: false,
        named: false,
        loading: 'names',
      });
    case 'element.pickDepartment':
      await choose(user, 'Department', world.named ? 'Room 1' : 'Room');
      return set(world, { ...cleared, department: true, loading: 'pages' });
    case 'element.pickPage':
      await choose(user, 'Page', '1 Overview');
      return set(world, { ...cleared, pagesLoaded: true, page: 1, loading: 'lines' });
    case 'element.pickLine':
      await choose(user, 'Line', `Line ${event.line}`);
      return set(world, {
        line: event.line as number,
        error: null,
        place: `Cold room · ${world.named ? 'Room 1' : 'Room'}`,
      });
    case 'element.changeLabel':
      await retype(user, 'Custom label', event.label as string);
      world.label = event.label as string;
      return;
    case 'element.change': {
      const compare = (event.patch as { compareWith: string }).compareWith;
      await choose(user, 'Compare with', compare === 'NONE' ? 'Nothing' : 'Another buffer');
      world.compare = compare;
      return;
    }
    case 'element.pickColour':
      await user.click(elementDialog().getByRole('button', { name: `Colour: ${world.colour ?? 'None'}` }));
      world.picking = true;
      return;
    case 'xstate.done.actor.colourPicker': {
      const picker = within(dialogNamed('Colour'));
      await user.click(picker.getByRole('button', { name: `Colour ${COLOUR}` }));
      await user.click(picker.getByRole('button', { name: 'Save' }));
      return set(world, { picking: false, colour: COLOUR });
    }
    case 'element.save':
      await user.click(elementDialog().getByRole('button', { name: 'Save' }));
      if (world.line === null) world.error = TEXT.noLine;
      else if (!bufferReadable(world)) world.error = TEXT.noBuffer;
      else {
        world.outcome = 'saved';
        world.summary = `${world.place} — ${world.label.trim() || `Line ${world.line}`}`;
      }
      return;
    case 'element.cancel':
      await user.click(elementDialog().getByRole('button', { name: 'Cancel' }));
      world.outcome = 'cancelled';
      return;
    case 'buffer.changed': {
      const buffer = within(elementDialog().getByRole('group', { name: 'Buffer' }));
      await user.click(buffer.getByRole('checkbox', { name: TEXT.useDefault }));
      if (world.useDefault) await choose(user, 'PC number', '3');
      Object.assign(world, { useDefault: !world.useDefault, pc: world.useDefault ? 3 : world.pc });
      if (bufferReadable(world) && world.error === TEXT.noBuffer) world.error = null;
      return;
    }
    default:
      throw new Error(`No way to play ${event.type}`);
  }
}

/** No list is asked of the server but the one loading. */
function asked(world: ElementWorld) {
  for (const list of Object.keys(LOADED) as DeviceList[])
    expect(world.devices.waiting(list), `${list} waiting`).toBe(world.loading === list ? 1 : 0);
}

/** The pick chain as the user left it: each list shows its choice once the list has it. */
function address(world: ElementWorld, loading: boolean) {
  expect(world.loading !== null).toBe(loading);
  asked(world);
  if (world.picking) return;
  const dialog = elementDialog();
  expect(Boolean(dialog.queryByRole('status'))).toBe(loading);
  expect(
    dialog.getByRole('button', { name: 'Save' }).hasAttribute('disabled'),
    'Save waits for the list',
  ).toBe(loading);
  const shown = (list: string) => dialog.getByRole('button', { name: list }).textContent;
  expect(shown('Device')).toBe(world.device ? 'Cold room (0A0B0C)' : 'Choose…');
  expect(shown('Department')).toBe(world.department ? (world.named ? 'Room 1' : 'Room') : 'Choose…');
  expect(shown('Page')).toBe(world.page !== null && world.pagesLoaded ? '1 Overview' : 'Choose…');
  const line = world.line === null ? 'Choose…' : `Line ${world.line}`;
  expect(shown('Line')).toBe(line);
}

/** The element dialog is closed; the widget's details list the element as the user left it. */
function closed(world: ElementWorld, outcome: ElementWorld['outcome']) {
  expect(world.outcome).toBe(outcome);
  expect(screen.queryByRole('dialog', { name: 'Widget element' })).toBeNull();
  const list = within(dialogNamed(world.details)).getByRole('region', { name: 'Elements' });
  const items = within(list).getAllByRole('listitem');
  expect(items[0]!.querySelector('span')?.textContent).toBe(world.summary);
  asked(world);
}

describeViewPaths('widget element, played in the element dialog of a widget', alone, {
  model: models,
  start,
  play,
  states: {
    loadingDevices: (_, world) => {
      expect([world.loading, world.failed]).toEqual(['devices', false]);
      asked(world);
      expect(elementDialog().getByRole('status').textContent).toBe('Loading devices…');
      expect(elementDialog().getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    },
    failed: (_, world) => {
      expect(world.failed).toBe(true);
      asked(world);
      expect(elementDialog().getByRole('alert').textContent).toBe(TEXT.loadFailed);
      expect(elementDialog().getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(elementDialog().getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    },
    'form.address.resuming': transient('resuming'),
    'form.address.idle': (_, world) => address(world, false),
    'form.address.loadingDepartments': (_, world) => {
      expect(world.loading).toBe('names');
      address(world, true);
    },
    'form.address.loadingPages': (_, world) => {
      expect(world.loading).toBe('pages');
      address(world, true);
    },
    'form.address.loadingLines': (_, world) => {
      expect(world.loading).toBe('lines');
      address(world, true);
    },
    'form.dialog.editing': (_, world) => {
      expect(world.picking).toBe(false);
      const dialog = elementDialog();
      expect(dialog.queryByRole('alert')?.textContent ?? null).toBe(world.error);
      expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Custom label' }).value).toBe(world.label);
      expect(dialog.getByRole('button', { name: `Colour: ${world.colour ?? 'None'}` })).toBeTruthy();
    },
    'form.dialog.pickingColour': (_, world) => {
      expect(world.picking).toBe(true);
      expect(screen.getAllByRole('dialog')).toHaveLength(1);
      expect(dialogNamed('Colour')).toBeTruthy();
    },
    'form.buffer.deciding': transient('deciding'),
    'form.buffer.none': (_, world) => {
      expect(readsBufferNow(world)).toBe(false);
      if (!world.picking) expect(elementDialog().queryByRole('group', { name: 'Buffer' })).toBeNull();
    },
    'form.buffer.choosing': (_, world) => {
      expect(readsBufferNow(world)).toBe(true);
      if (world.picking) return;
      const buffer = within(elementDialog().getByRole('group', { name: 'Buffer' }));
      if (world.line === null) {
        expect(buffer.getByText('Choose a line to see its buffers')).toBeTruthy();
        return;
      }
      expect(buffer.getByRole<HTMLInputElement>('checkbox', { name: TEXT.useDefault }).checked).toBe(
        world.useDefault,
      );
      expect(buffer.getByRole('button', { name: 'PC number' }).textContent).toBe(
        String(world.useDefault ? 1 : world.pc),
      );
    },
    saved: (_, world) => closed(world, 'saved'),
    cancelled: (_, world) => closed(world, 'cancelled'),
  },
});
