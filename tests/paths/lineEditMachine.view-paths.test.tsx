import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { PageAddress } from '../../src/machines/devicePage/devicePage.types';
import { lineEditMachine } from '../../src/machines/lineEdit/lineEditMachine';
import { LinesResponse, type Line } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { line, operatorSession } from '../support/fixtures/fixtures';
import { lineWriteServer, type LineWriteServer, type Refusal } from '../support/servers/lineWriteServer';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

type LineEditModelEvent = Parameters<typeof lineEditMachine.transition>[1];

const events = modelEvents<typeof lineEditMachine>();
const ACCEPTED = events.done('writeLine', 'accepted');
const FAILED = events.failed('writeLine', new Error('network'));
/** Each way a write does not happen, with what the dialog then says (SPEC §8's toast comes with each). */
const NOT_WRITTEN = {
  refused: { refusal: 'The device did not accept this value' },
  outOfRange: { fieldError: 'Must be between -30 and 10 °C' },
  noAnswer: { refusal: 'The device did not answer' },
  offline: { refusal: 'The device is offline: the value could not be sent' },
} as const satisfies Record<Refusal, { refusal?: string; fieldError?: string }>;
const isRefusal = (output: unknown): output is Refusal => typeof output === 'string' && output in NOT_WRITTEN;

/** The Room department of the fixture tree's Cold room, its page 1, and the setpoint line on it. */
const address: PageAddress = { hexacode: '0A0B0C', department: 1, subDepartment: 0, page: 1 };
const setpoint: Line = {
  ...line(1, '4.0'),
  name: 'Setpoint',
  limits: { min: -30, max: 10, step: 0.1, unit: '°C' },
};
const LIMITS_TEXT = 'From -30 to 10 °C, in steps of 0.1';
const airTemperature: Line = { ...line(2, '3.8'), name: 'Air temperature', readOnly: true };
const PAGE_PATH = '/0A0B0C/1/0/pages/1';

const model: ModelOptions<typeof lineEditMachine> = {
  input: { line: setpoint, address },
  events: [
    // Spaces around the value: SPEC §5 trims it before it is sent.
    { type: 'lineEdit.change', value: ' 6.5 ' },
    { type: 'lineEdit.change', value: '' },
    { type: 'lineEdit.change', value: '25' },
    { type: 'lineEdit.change', value: 'warm' },
    { type: 'lineEdit.submit' },
    { type: 'lineEdit.cancel' },
    ACCEPTED,
    ...Object.keys(NOT_WRITTEN).map((kind) => events.done('writeLine', kind)),
    FAILED,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      typed: s.context.value.trim(),
      error: s.context.error?.id,
      refusal: s.context.refusal,
    }),
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
  toasts: ToastsShown;
  /** The value field's text as the operator left it. */
  typed: string;
  /** The field error shown after a submit (SPEC §5, the ADF's bounds) or the device's out-of-range refusal. */
  fieldError: string | null;
  /** Why the last write did not happen, said in the dialog. */
  refusal: string | null;
  /** Toasts SPEC §8 says the operator has been shown so far. */
  expectedToasts: string[];
  /** Writes the device has received, as SPEC §7 shapes them. */
  expectedWrites: { value: string }[];
  /** The setpoint the device holds, which the page shows once the dialog closes. */
  deviceValue: string;
  /** Where SPEC §4 leaves the dialog: open, or closed with the value saved or cancelled. */
  dialog: 'open' | 'saved' | 'cancelled';
  justOpened: boolean;
}

async function start(inspect: (event: InspectionEvent) => void): Promise<LineEditWorld> {
  const world: LineEditWorld = {
    user: userEvent.setup({ delay: null }),
    device: lineWriteServer(),
    toasts: toastsShown(),
    typed: setpoint.value!,
    fieldError: null,
    refusal: null,
    expectedToasts: [],
    expectedWrites: [],
    deviceValue: setpoint.value!,
    dialog: 'open',
    justOpened: true,
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
  storeSession(operatorSession);
  renderProduct(PAGE_PATH, { inspect });
  // The path starts as the operator opens the details of the setpoint line.
  await world.user.click(await screen.findByRole('button', { name: 'Setpoint' }));
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
      Object.assign(world, { typed: event.value, fieldError: null, refusal: null });
      return;
    case 'lineEdit.submit':
      await user.click(button('Save'));
      // SPEC §5: a value is required; a numeric line takes a number within its ADF bounds; it is sent trimmed.
      world.fieldError = expectedFieldError(world.typed.trim());
      if (!world.fieldError) world.expectedWrites.push({ value: world.typed.trim() });
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
    world.refusal = 'The value could not be sent: the connection to the server failed';
  } else if (type === ACCEPTED.type && output === 'accepted') {
    await device.accept();
    Object.assign(world, { dialog: 'saved', deviceValue: world.expectedWrites.at(-1)!.value });
    world.expectedToasts.push(TOAST.updated);
  } else if (isRefusal(output)) {
    await device.refuse(output);
    world.expectedToasts.push(TOAST.refused);
    Object.assign(world, { refusal: null, fieldError: null }, NOT_WRITTEN[output]);
  } else throw new Error(`No way to play ${type}`);
}

function expectedFieldError(value: string): string | null {
  if (value === '') return 'Value is required';
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value)) return 'Enter a number, such as 4.5';
  return Number(value) < -30 || Number(value) > 10 ? 'Must be between -30 and 10 °C' : null;
}

/** What was sent: every write the path made, for the setpoint of this page, nothing else. */
function sent(world: LineEditWorld) {
  const target = { ...address, line: setpoint.number };
  expect(world.device.writes).toEqual(world.expectedWrites.map(({ value }) => ({ ...target, value })));
}

/** The dialog of the setpoint: the line, the value it had when opened, and the field as the operator left it. */
function dialogShown(world: LineEditWorld) {
  expect(world.dialog, 'where SPEC §4 leaves the dialog').toBe('open');
  const shown = dialog();
  expect(within(shown).getByText('Line 1')).toBeTruthy();
  expect(within(shown).getByText('Setpoint')).toBeTruthy();
  expect(within(shown).getByText(`${setpoint.value} °C`)).toBeTruthy();
  expect(valueField().value).toBe(world.typed);
  // What the line accepts, from its ADF, under the field.
  expect(valueField().getAttribute('aria-describedby')).toBeTruthy();
  expect(within(shown).getByText(LIMITS_TEXT)).toBeTruthy();
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
  play,
  states: {
    editing: (_, world) => {
      dialogShown(world);
      expect(valueField().disabled).toBe(false);
      expect(button('Save').disabled).toBe(false);
      expect(button('Cancel').disabled).toBe(false);
      expect(within(dialog()).queryByText('Sending the value to the device…')).toBeNull();
      // SPEC §5: what is wrong with the value is said on the field, which is marked invalid.
      const fieldError = valueField().getAttribute('aria-describedby')?.split(' ').at(-1) ?? '';
      const described = document.getElementById(fieldError)?.textContent ?? null;
      expect(world.fieldError ? described : null, 'the field error').toBe(world.fieldError);
      expect(valueField().getAttribute('aria-invalid')).toBe(world.fieldError ? 'true' : null);
      // Why the device did not take the value is said in the dialog, not only in a toast.
      expect(within(dialog()).queryByRole('alert')?.textContent ?? null, 'the refusal').toBe(world.refusal);
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
