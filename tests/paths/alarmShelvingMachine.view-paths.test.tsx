import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { alarmShelvingMachine } from '../../src/machines/alarms/alarmShelvingMachine';
import type { ShelvedAlarm } from '#contracts';
import { alarmEntry } from '../support/servers/alarmHandlers';
import { dialogNamed, noDialog, openAlarmMenu, renderAlarmsProduct } from '../support/worlds/alarmPathWorld';
import { heldAnswers, type HeldAnswers } from '../support/servers/heldRequests';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

const freezer = alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']);
const alarm = freezer.alarms[0]!;
/** What GET /api/v2/alarms/shelved answers on these paths: the freezer's alarm, shelved by anna. */
const SHELVED: ShelvedAlarm = {
  id: alarm.id,
  hexacode: alarm.hexacode,
  deviceName: 'Freezer 1',
  departmentName: 'Freezer room',
  code: alarm.code,
  translation: 'High temperature',
  raisedAt: alarm.raisedAt,
  by: 'anna',
  at: '2026-03-30T10:05:00.000Z',
  until: '2026-03-30T18:05:00.000Z',
  reason: 'Probe replaced',
};

const { done, failed } = modelEvents<typeof alarmShelvingMachine>();
const SHELVE_DONE = done('shelveAlarm');
const SHELVE_FAILED = failed('shelveAlarm', new Error('503'));
const LOADED = done('loadShelved', [SHELVED]);
const LOAD_FAILED = failed('loadShelved', new Error('503'));
const UNSHELVE_DONE = done('unshelveAlarm');
const UNSHELVE_FAILED = failed('unshelveAlarm', new Error('503'));

type ShelvingModelEvent = Parameters<typeof alarmShelvingMachine.transition>[1];

interface ShelvingWorld {
  user: UserEvent;
  toasts: ToastsShown;
  shelves: HeldAnswers<{ id: string; minutes: number; reason: string }>;
  loads: HeldAnswers<null>;
  unshelves: HeldAnswers<string>;
  menuOpen: boolean;
  minutes: string;
  reason: string;
  error: string | null;
  /** The shelved alarms the menu shows (none before the first answer). */
  listed: number;
  expectedShelves: { id: string; minutes: number; reason: string }[];
  expectedUnshelves: string[];
  expectedToasts: string[];
}

const shelvedRegion = () => screen.getByRole('region', { name: 'Shelved' });
const shelveDialog = () => dialogNamed('Shelve alarm');
const field = (name: string) => within(shelveDialog()).getByRole<HTMLInputElement>('textbox', { name });

/** Opens the alarms menu (which reads the shelved list) unless it is open. */
async function openMenu(world: ShelvingWorld) {
  if (!world.menuOpen) await openAlarmMenu(world.user);
  world.menuOpen = true;
}

/** The list as read when the menu opens: its read is answered and shown before the menu is used. */
async function openListed(world: ShelvingWorld) {
  if (world.menuOpen) return;
  await openMenu(world);
  await world.loads.answer(() => HttpResponse.json([SHELVED]));
  world.listed = 1;
  await vi.waitFor(() => expect(shelvedRegion().getAttribute('aria-busy')).toBe('false'));
}

async function play(event: ShelvingModelEvent, world: ShelvingWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'shelve.open':
      await openListed(world);
      await user.click(screen.getByRole('button', { name: 'Shelve High temperature of Freezer 1' }));
      Object.assign(world, { menuOpen: false, minutes: '60', reason: '', error: null });
      return;
    case 'shelve.changeMinutes':
      await user.clear(field('Minutes'));
      await user.type(field('Minutes'), event.text);
      world.minutes = event.text;
      return;
    case 'shelve.changeReason':
      await user.type(field('Reason'), event.text);
      world.reason = event.text;
      return;
    case 'shelve.send':
      // By keyboard: Enter in a field submits the dialog's form.
      field('Reason').focus();
      await user.keyboard('{Enter}');
      world.expectedShelves.push({
        id: alarm.id,
        minutes: Number(world.minutes),
        reason: world.reason.trim(),
      });
      return;
    case 'shelve.cancel':
      await user.keyboard('{Escape}');
      return;
    case 'shelved.load':
      if (world.menuOpen) {
        await user.keyboard('{Escape}');
        world.menuOpen = false;
      }
      await openMenu(world);
      return;
    case 'shelved.unshelve':
      await openListed(world);
      await user.click(screen.getByRole('button', { name: 'Unshelve High temperature of Freezer 1' }));
      world.expectedUnshelves.push(alarm.id);
      return;
  }
  if (type === SHELVE_DONE.type) {
    await world.shelves.answer(() => HttpResponse.json({}));
    world.expectedToasts.push('Alarm shelved');
  } else if (type === SHELVE_FAILED.type) {
    await world.shelves.answer(() => new HttpResponse(null, { status: 503 }));
    world.error = 'The alarm could not be shelved.';
  } else if (type === LOADED.type) {
    await world.loads.answer(() => HttpResponse.json([SHELVED]));
    world.listed = 1;
  } else if (type === LOAD_FAILED.type)
    await world.loads.answer(() => new HttpResponse(null, { status: 503 }));
  else if (type === UNSHELVE_DONE.type)
    await world.unshelves.answer(() => new HttpResponse(null, { status: 204 }));
  else if (type === UNSHELVE_FAILED.type) {
    await world.unshelves.answer(() => new HttpResponse(null, { status: 503 }));
    world.expectedToasts.push('The alarm could not be unshelved.');
  } else throw new Error(`No way to play ${type}`);
}

function sent(world: ShelvingWorld) {
  expect(world.shelves.received, 'the shelves sent').toEqual(world.expectedShelves);
  expect(world.unshelves.received, 'the unshelves sent').toEqual(world.expectedUnshelves);
  toastsAsExpected(world);
}

function dialogShown(world: ShelvingWorld) {
  expect(within(shelveDialog()).getByText(/^High temperature of Freezer 1 leaves the bell/)).toBeTruthy();
  expect(field('Minutes').value).toBe(world.minutes);
  expect(field('Reason').value).toBe(world.reason);
  expect(field('Reason').required).toBe(true);
  const minutesBad = !/^\d{1,5}$/.test(world.minutes.trim()) || Number(world.minutes) < 1;
  expect(field('Minutes').getAttribute('aria-invalid')).toBe(minutesBad ? 'true' : null);
  // The reason is not an error before it is typed: the field says what it needs.
  expect(field('Reason').getAttribute('aria-invalid')).toBeNull();
  expect(within(shelveDialog()).queryByText('Say why the alarm is shelved.') !== null).toBe(
    !world.reason.trim(),
  );
  sent(world);
}

/** The shelved list of the open menu, each entry's text. */
const listedTexts = () =>
  within(shelvedRegion())
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')!.textContent);

const unshelveButton = () =>
  screen.getByRole<HTMLButtonElement>('button', { name: 'Unshelve High temperature of Freezer 1' });

/** The open menu's list; while it is read again, Unshelve waits (the machine would not take it then). */
function listShown(world: ShelvingWorld, busy: boolean) {
  if (!world.menuOpen) return;
  if (world.listed > 0) {
    expect(shelvedRegion().getAttribute('aria-busy')).toBe(String(busy));
    expect(unshelveButton().disabled, 'Unshelve waits while the list is read').toBe(busy);
  }
  if (world.listed === 0) expect(screen.queryByRole('region', { name: 'Shelved' })).toBeNull();
  else
    expect(listedTexts()).toEqual([
      expect.stringMatching(/^High temperature of Freezer 1: shelved by anna until .+\. Probe replaced$/),
    ]);
}

describeViewPaths('alarm shelving, from the alarms menu', alarmShelvingMachine, {
  model: {
    events: [
      { type: 'shelve.open', target: { alarm, deviceName: 'Freezer 1' } },
      { type: 'shelve.changeMinutes', text: '0' },
      { type: 'shelve.changeMinutes', text: '30' },
      { type: 'shelve.changeReason', text: 'Probe replaced' },
      { type: 'shelve.send' },
      { type: 'shelve.cancel' },
      { type: 'shelved.load' },
      { type: 'shelved.unshelve', id: alarm.id },
      SHELVE_DONE,
      SHELVE_FAILED,
      LOADED,
      LOAD_FAILED,
      UNSHELVE_DONE,
      UNSHELVE_FAILED,
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        minutes: s.context.minutes,
        reason: s.context.reason !== '',
        error: s.context.error !== null,
        listed: s.context.shelved.length,
      }),
    // What the views can send: the menu (and its list) only while no dialog is open, the dialog's fields once
    // each way, Shelve only when complete (its button is disabled otherwise), Unshelve of a listed alarm.
    filterEvents: (s, e) => {
      const dialogClosed = s.matches({ dialog: 'closed' });
      const listShownNow = s.matches({ list: 'shown' });
      switch (e.type) {
        case 'shelve.open':
          return dialogClosed && listShownNow;
        case 'shelve.changeMinutes':
          return s.matches({ dialog: 'editing' }) && s.context.minutes !== e.text;
        case 'shelve.changeReason':
          return s.matches({ dialog: 'editing' }) && s.context.reason === '';
        case 'shelve.send':
          return s.matches({ dialog: 'editing' }) && s.context.reason !== '' && s.context.minutes !== '0';
        case 'shelve.cancel':
          return s.matches({ dialog: 'editing' });
        case 'shelved.load':
          return dialogClosed && !s.matches({ list: 'unshelving' });
        case 'shelved.unshelve':
          return dialogClosed && listShownNow && s.context.shelved.length > 0;
      }
      // The servers' answers, each only while its request waits (the switch covered the views' events).
      const type: string = (e as { type: string }).type;
      if (type.includes('unshelveAlarm')) return s.matches({ list: 'unshelving' });
      if (type.includes('loadShelved')) return s.matches({ list: 'loading' });
      return s.matches({ dialog: 'sending' });
    },
  },
  async start(inspect: (event: InspectionEvent) => void) {
    const shelves = heldAnswers('post', '*/api/v2/alarms/:id/shelve', async (request, params) => ({
      id: String(params.id),
      ...((await request.json()) as { minutes: number; reason: string }),
    }));
    const loads = heldAnswers('get', '*/api/v2/alarms/shelved', () => null);
    const unshelves = heldAnswers('delete', '*/api/v2/alarms/:id/shelve', (_, params) => String(params.id));
    await renderAlarmsProduct(inspect, [freezer], [shelves.handler, loads.handler, unshelves.handler]);
    return {
      user: userEvent.setup({ delay: null }),
      toasts: toastsShown(),
      ...{ shelves, loads, unshelves, menuOpen: false, minutes: '60', reason: '', error: null, listed: 0 },
      ...{ expectedShelves: [], expectedUnshelves: [], expectedToasts: [] },
    } satisfies ShelvingWorld;
  },
  play,
  stop: (world) => {
    world.shelves.release();
    world.loads.release();
    world.unshelves.release();
  },
  states: {
    'dialog.closed': (_, world) => {
      noDialog('Shelve alarm');
      expect(world.shelves.waiting(), 'no shelve waits').toBe(0);
      sent(world);
    },
    'dialog.editing': (_, world) => {
      dialogShown(world);
      expect(within(shelveDialog()).queryByRole('alert')?.textContent ?? null).toBe(world.error);
    },
    'dialog.sending': (_, world) => {
      dialogShown(world);
      expect(within(shelveDialog()).getByRole<HTMLButtonElement>('button', { name: 'Shelve' }).disabled).toBe(
        true,
      );
      expect(world.shelves.waiting(), 'the shelve waits for the server').toBe(1);
    },
    'list.shown': (_, world) => listShown(world, false),
    'list.loading': (_, world) => {
      expect(world.loads.waiting(), 'the list waits for the server').toBeGreaterThan(0);
      listShown(world, true);
    },
    'list.unshelving': (_, world) => {
      expect(world.unshelves.waiting(), 'the unshelve waits').toBe(1);
      expect(unshelveButton().disabled).toBe(true);
      sent(world);
    },
  },
});
