import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { lineEditMachine } from '../../../src/machines/lineEdit/lineEditMachine';
import type { Line } from '#contracts';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { line } from '../../support/fixtures/fixtures';
import { modelEvents } from '../../support/paths/modelEvents';
import { tenantUrl } from '../support/browser';
import { apiSession, openSignedIn } from '../support/pathSession';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * The setpoint of the demo tenant's beverage cooler (1C0301), which no other test reads or writes, changed from
 * its device page. The path writes the setpoint the simulated case starts with, so the case keeps cooling as before
 * and raises no alarm; a value outside the ADF's limits is stopped by the dialog before anything is sent.
 */
const PAGE = '/1C0301/1/0/pages/2';
const LINE = 'Air temperature setpoint';
const KEPT_SETPOINT = '2';
const OUT_OF_LIMITS = '55';

type LineEditModelEvent = Parameters<typeof lineEditMachine.transition>[1];
const events = modelEvents<typeof lineEditMachine>();
const ACCEPTED = events.done('writeLine', 'accepted');
const OUT_OF_LIMITS_TEXT = 'Must be between -30 and 10 °C';

// The CC-410's setpoint as its ADF describes it (server/adf/CC-410.json).
const setpoint: Line = {
  ...line(1, '2.0'),
  name: LINE,
  limits: { min: -30, max: 10, step: 0.1, unit: '°C' },
};
const model: ModelOptions<typeof lineEditMachine> = {
  input: { line: setpoint, address: { hexacode: '1C0301', department: 1, subDepartment: 0, page: 2 } },
  events: [
    // Spaces around the value: SPEC §5 trims it before it is sent.
    { type: 'lineEdit.change', value: ` ${KEPT_SETPOINT} ` },
    { type: 'lineEdit.change', value: OUT_OF_LIMITS },
    { type: 'lineEdit.submit' },
    { type: 'lineEdit.cancel' },
    ACCEPTED,
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, typed: s.context.value, error: s.context.error?.id }),
};

interface LineEditWorld {
  typed: string;
  /** The setpoint the device holds, as the page should show it once the dialog closes. */
  deviceValue: number;
  dialog: 'open' | 'saved' | 'cancelled';
  writes: Awaited<ReturnType<typeof holdRequests>>;
  /** Writes the device should have received: the trimmed values typed. */
  sentValues: string[];
  /** The field error the dialog shows after a submit it stopped. */
  fieldError: string | null;
  toasts: string[];
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Line details' });
const valueField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Value' });
const row = (page: Page) => page.getByRole('button', { name: LINE });

/** The number the setpoint row shows ("2.0 °C" → 2). */
async function rowValue(page: Page) {
  return Number.parseFloat((await row(page).locator('span').last().textContent()) ?? '');
}

async function start(page: Page): Promise<LineEditWorld> {
  await openSignedIn(page, await apiSession('demo', 'admin', 'Admin123'));
  await recordToasts(page);
  const writes = await holdRequests(page, '**/api/v2/devices/pages/lines', 'PUT');
  await page.goto(tenantUrl('demo', PAGE));
  await expect.poll(() => rowValue(page), { timeout: 15_000 }).not.toBeNaN();
  const deviceValue = await rowValue(page);
  await row(page).click();
  await valueField(page).waitFor();
  const typed = await valueField(page).inputValue();
  return { typed, deviceValue, dialog: 'open', writes, sentValues: [], toasts: [], fieldError: null };
}

async function play(page: Page, event: LineEditModelEvent, world: LineEditWorld) {
  const type: string = event.type;
  switch (event.type) {
    case 'lineEdit.change':
      await valueField(page).fill(event.value);
      Object.assign(world, { typed: event.value, fieldError: null });
      return;
    case 'lineEdit.submit':
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      if (world.typed.trim() === OUT_OF_LIMITS) world.fieldError = OUT_OF_LIMITS_TEXT;
      else world.sentValues.push(world.typed.trim());
      return;
    case 'lineEdit.cancel':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      world.dialog = 'cancelled';
      return;
  }
  if (type !== ACCEPTED.type) throw new Error(`No way to play ${type}`);
  // The device's answer to the held write (SPEC §7 PUT /api/v2/devices/pages/lines, §8 its messages).
  await world.writes.release();
  Object.assign(world, { dialog: 'saved', deviceValue: Number(world.sentValues.at(-1)) });
  world.toasts.push('Line updated');
}

async function sentAndShown(page: Page, world: LineEditWorld) {
  const sent = world.writes.bodies() as { hexacode: string; line: number; value: string }[];
  expect(sent.map(({ hexacode, value }) => ({ hexacode, value }))).toEqual(
    world.sentValues.map((value) => ({ hexacode: '1C0301', value })),
  );
  const lineUpdates = (await toastsShown(page)).filter((text) => text.startsWith('Line update'));
  expect(lineUpdates, 'the toasts shown so far').toEqual(world.toasts);
}

async function dialogShown(page: Page, world: LineEditWorld, busy: boolean) {
  expect(world.dialog, 'where SPEC §4 leaves the dialog').toBe('open');
  await dialog(page).getByText(LINE).waitFor();
  expect(await valueField(page).inputValue()).toBe(world.typed);
  expect(await valueField(page).isDisabled()).toBe(busy);
  expect(await dialog(page).getByRole('button', { name: 'Save' }).isDisabled()).toBe(busy);
  expect(await dialog(page).getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(busy);
  expect(world.writes.waiting(), 'a write waits for the device').toBe(busy);
  // What the line takes, from its ADF; a value outside it is named on the field and never sent.
  await dialog(page).getByText('From -30 to 10 °C, in steps of 0.1').waitFor();
  const fieldError = dialog(page).getByText(OUT_OF_LIMITS_TEXT);
  if (world.fieldError) await fieldError.waitFor();
  else expect(await fieldError.count()).toBe(0);
  await sentAndShown(page, world);
}

async function pageShown(page: Page, world: LineEditWorld) {
  expect(await dialog(page).count()).toBe(0);
  expect(world.writes.waiting(), 'no write waits').toBe(false);
  expect(await rowValue(page)).toBe(world.deviceValue);
  await sentAndShown(page, world);
}

describeServerPaths('line edit in Chromium against the server', lineEditMachine, {
  model,
  serverActors: ['writeLine'],
  start,
  play: (page, event, world) => play(page, event, world),
  states: {
    editing: (page, _, world) => dialogShown(page, world, false),
    writing: async (page, _, world) => {
      await dialogShown(page, world, true);
      expect(await dialog(page).getByRole('status').textContent()).toBe('Sending the value to the device…');
    },
    saved: async (page, _, world) => {
      expect(world.dialog).toBe('saved');
      await pageShown(page, world);
    },
    cancelled: async (page, _, world) => {
      expect(world.dialog).toBe('cancelled');
      await pageShown(page, world);
    },
  },
  unreachable: {
    'lineEdit.writing on xstate.done.actor.writeLine #2':
      'a refusal: the dialog stops values outside the ADF limits before sending, and a demo device takes every value within them (the jsdom view paths play each refusal)',
    'lineEdit.writing on xstate.error.actor.writeLine':
      'a transport failure or an unexpected status: the server answers a write of a line of the page with 200, 409 or 504 (the jsdom view paths play it)',
  },
});
