import '../support/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { PageAddress } from '../../src/machines/devicePage/devicePage.types';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import { LinesResponse, type Line } from '../../src/services/contracts';
import { createStorage } from '../../src/services/storage';
import type { ModelOptions } from '../support/coveringPaths';
import { line, operatorSession } from '../support/fixtures';
import { lineWriteServer, toastsShown, type LineWriteServer } from '../support/lineWriteServer';
import { modelEvents } from '../support/modelEvents';
import { describeViewPaths, renderProduct } from '../support/viewPaths';
import { server } from '../ui/setup';

type LineEditModelEvent = Parameters<typeof lineEditMachine.transition>[1];

const events = modelEvents<typeof lineEditMachine>();
const ACCEPTED = events.done('writeLine', 'accepted');
const REFUSED = events.done('writeLine', 'refused');
const FAILED = events.failed('writeLine', new Error('network'));

/** The Room department of the fixture tree's Cold room, its page 1, and the setpoint line on it. */
const address: PageAddress = { hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
const setpoint: Line = { ...line(1, '4.0'), name: 'Setpoint' };
const airTemperature: Line = { ...line(2, '3.8'), name: 'Air temperature', readOnly: true };
const PAGE_PATH = '/0A0B0C/1/0/pages/1';

const model: ModelOptions<typeof lineEditMachine> = {
  input: { line: setpoint, address },
  events: [
    // Spaces around the value: SPEC §5 trims it before it is sent.
    { type: 'lineEdit.change', value: ' 6.5 ' },
    { type: 'lineEdit.change', value: '' },
    { type: 'lineEdit.submit' },
    { type: 'lineEdit.cancel' },
    ACCEPTED,
    REFUSED,
    FAILED,
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, filled: s.context.value.trim() !== '', error: s.context.error }),
};

const TOAST = {
  updated: 'Line updated',
  refused: 'Line update was not accepted by the device',
  failed: 'An error occurred during the update',
};

/** What the operator did on the device page and what the device answered. */
interface LineEditWorld {
  user: UserEvent;
  device: LineWriteServer;
  toasts: { texts: string[]; stop(): void };
  /** The value field's text as the operator left it. */
  typed: string;
  /** The field error SPEC §5 shows after a submit without a value. */
  fieldError: string | null;
  /** Toasts SPEC §8 says the operator has been shown so far. */
  expectedToasts: string[];
  /** Writes the device has received, as SPEC §7 shapes them. */
  expectedWrites: { value: string }[];
  /** The setpoint the device holds, which the page shows once the dialog closes. */
  deviceValue: string;
  /** Where SPEC §4 leaves the dialog: open, or closed with the value saved or cancelled. */
  dialog: 'open' | 'saved' | 'cancelled';
  justOpened: boolean;
  refusals: number;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<LineEditWorld> {
  const world: LineEditWorld = {
    user: userEvent.setup(),
    device: lineWriteServer(),
    toasts: toastsShown(),
    typed: setpoint.value!,
    fieldError: null,
    expectedToasts: [],
    expectedWrites: [],
    deviceValue: setpoint.value!,
    dialog: 'open',
    justOpened: true,
    refusals: 0,
  };
  // The page's lines as the device holds them now (the page reads them again when the dialog closes).
  const lines = () =>
    HttpResponse.json(
      v.parse(LinesResponse, {
        status: 'OK',
        lines: [{ ...setpoint, value: world.deviceValue }, airTemperature],
      }),
    );
  server.use(
    http.post('*/api/v2/devices/pages/lines', lines),
    http.post('*/api/v2/devices/pages/lines/refresh', lines),
  );
  createStorage(window.localStorage).writeSession(operatorSession, operatorSession.token.id);
  renderProduct(PAGE_PATH, { inspect });
  // The path starts as the operator opens the details of the setpoint line.
  await world.user.click(await screen.findByRole('button', { name: 'Setpoint' }, { timeout: 10_000 }));
  await screen.findByRole('dialog', { name: 'Line details' });
  return world;
}

const dialog = () => screen.getByRole('dialog', { name: 'Line details' });
const valueField = () => within(dialog()).getByRole<HTMLInputElement>('textbox', { name: 'Value' });
const button = (name: string) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });

async function play(event: LineEditModelEvent, world: LineEditWorld) {
  const { user, device } = world;
  world.justOpened = false;
  // The model's events include the invoked actor's, which the machine's event type leaves out.
  const type: string = event.type;
  const output = (event as { output?: unknown }).output;
  switch (event.type) {
    case 'lineEdit.change':
      await user.clear(valueField());
      if (event.value) await user.type(valueField(), event.value);
      Object.assign(world, { typed: event.value, fieldError: null });
      return;
    case 'lineEdit.submit':
      await user.click(button('Save'));
      // SPEC §5: a value is required; with one, it is sent trimmed.
      if (world.typed.trim() === '') world.fieldError = 'Value is required';
      else world.expectedWrites.push({ value: world.typed.trim() });
      return;
    case 'lineEdit.cancel':
      await user.click(button('Cancel'));
      world.dialog = 'cancelled';
      return;
  }
  // The device's answers to the write that waits (SPEC §7 PUT /api/v2/devices/pages/lines, §8 its messages).
  if (type === FAILED.type) {
    await device.fail();
    world.expectedToasts.push(TOAST.failed);
  } else if (type === ACCEPTED.type && output === 'accepted') {
    await device.accept();
    Object.assign(world, { dialog: 'saved', deviceValue: world.expectedWrites.at(-1)!.value });
    world.expectedToasts.push(TOAST.updated);
  } else if (type === REFUSED.type && output === 'refused') {
    // Both refusals of SPEC §8 (refused, no answer in time), in turn.
    await device.refuse(world.refusals++ % 2 === 0 ? 409 : 504);
    world.expectedToasts.push(TOAST.refused);
  } else throw new Error(`No way to play ${type}`);
}

/** What was sent: every write the path made, for the setpoint of this page, nothing else. */
function sent(world: LineEditWorld) {
  const target = { ...address, line: setpoint.number };
  expect(world.device.writes).toEqual(world.expectedWrites.map(({ value }) => ({ ...target, value })));
}

function toastsAsExpected(world: LineEditWorld) {
  expect(world.toasts.texts, 'the toasts shown so far').toEqual(world.expectedToasts);
}

/** The dialog of the setpoint: the line, the value it had when opened, and the field as the operator left it. */
function dialogShown(world: LineEditWorld) {
  expect(world.dialog, 'where SPEC §4 leaves the dialog').toBe('open');
  const shown = dialog();
  expect(within(shown).getByText('Line 1')).toBeTruthy();
  expect(within(shown).getByText('Setpoint')).toBeTruthy();
  expect(within(shown).getByText(`${setpoint.value} °C`)).toBeTruthy();
  expect(valueField().value).toBe(world.typed);
}

/** The page behind the dialog, once it closed: the setpoint row shows what the device holds. */
function pageShown(world: LineEditWorld) {
  expect(screen.queryByRole('dialog', { name: 'Line details' })).toBeNull();
  expect(world.device.waiting(), 'no write waits').toBe(false);
  const row = screen.getByRole('button', { name: 'Setpoint' });
  expect(row.textContent).toContain(`${world.deviceValue} °C`);
  sent(world);
  toastsAsExpected(world);
}

describeViewPaths('line edit, played in the line details dialog of the device page', lineEditMachine, {
  model,
  start,
  play: (event, world) => play(event, world),
  stop: (world) => world.toasts.stop(),
  settle: 5000,
  states: {
    editing: (_, world) => {
      dialogShown(world);
      expect(valueField().disabled).toBe(false);
      expect(button('Save').disabled).toBe(false);
      expect(button('Cancel').disabled).toBe(false);
      expect(within(dialog()).queryByText('Sending the value to the device…')).toBeNull();
      // SPEC §5: the missing value is named on the field, which is marked invalid.
      expect(within(dialog()).queryByText('Value is required') !== null, 'Value is required').toBe(
        world.fieldError !== null,
      );
      expect(valueField().getAttribute('aria-invalid')).toBe(world.fieldError ? 'true' : null);
      // The dialog exists to take the value: it has the focus as it opens.
      if (world.justOpened) expect(document.activeElement).toBe(valueField());
      expect(world.device.waiting(), 'no write waits').toBe(false);
      sent(world);
      toastsAsExpected(world);
    },
    writing: (_, world) => {
      dialogShown(world);
      // The dialog stays open, its controls disabled, until the device answers.
      expect(valueField().disabled).toBe(true);
      expect(button('Save').disabled).toBe(true);
      expect(button('Cancel').disabled).toBe(true);
      expect(within(dialog()).getByRole('status').textContent).toBe('Sending the value to the device…');
      expect(world.device.waiting(), 'the write waits for the device').toBe(true);
      sent(world);
      toastsAsExpected(world);
    },
    saved: (_, world) => {
      expect(world.dialog, 'where SPEC §4 leaves the dialog').toBe('saved');
      pageShown(world);
    },
    cancelled: (_, world) => {
      expect(world.dialog, 'where SPEC §4 leaves the dialog').toBe('cancelled');
      pageShown(world);
    },
  },
});
