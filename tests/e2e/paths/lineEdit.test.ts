import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { lineEditMachine } from '../../../src/machines/lineEdit/lineEditMachine';
import type { Line } from '../../../src/services/contracts';
import type { ModelOptions } from '../../support/coveringPaths';
import { line } from '../../support/fixtures';
import { modelEvents } from '../../support/modelEvents';
import { tenantUrl } from '../support/browser';
import { apiSession, openSignedIn } from '../support/pathSession';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * The setpoint of the demo tenant's beverage cooler (1C0301), which no other test reads or writes, changed from
 * its device page. The path writes the setpoint the simulated case starts with, so the case keeps cooling as before
 * and raises no alarm; the device refuses a value outside its limits.
 */
const PAGE = '/1C0301/1/0/pages/2';
const LINE = 'Air temperature setpoint';
const KEPT_SETPOINT = '2';
const OUT_OF_LIMITS = '55';

type LineEditModelEvent = Parameters<typeof lineEditMachine.transition>[1];
const events = modelEvents<typeof lineEditMachine>();
const ACCEPTED = events.done('writeLine', 'accepted');
const REFUSED = events.done('writeLine', 'refused');

const setpoint: Line = { ...line(1, '2.0'), name: LINE };
const model: ModelOptions<typeof lineEditMachine> = {
  input: { line: setpoint, address: { hexacode: '1C0301', department: 1, subDepartment: 0, page: 2 } },
  events: [
    // Spaces around the value: SPEC §5 trims it before it is sent.
    { type: 'lineEdit.change', value: ` ${KEPT_SETPOINT} ` },
    { type: 'lineEdit.change', value: OUT_OF_LIMITS },
    { type: 'lineEdit.submit' },
    { type: 'lineEdit.cancel' },
    ACCEPTED,
    REFUSED,
  ],
  serializeState: (s) => JSON.stringify({ value: s.value, typed: s.context.value }),
  // The device's answer follows from the value: it takes the kept setpoint and refuses one outside its limits.
  filterEvents: (s, e) => {
    if (!s.matches('writing') || !e.type.startsWith('xstate.')) return true;
    const outcome = (e as { output?: unknown }).output;
    return outcome === (s.context.value.trim() === OUT_OF_LIMITS ? 'refused' : 'accepted');
  },
};

interface LineEditWorld {
  typed: string;
  /** The setpoint the device holds, as the page should show it once the dialog closes. */
  deviceValue: number;
  dialog: 'open' | 'saved' | 'cancelled';
  writes: Awaited<ReturnType<typeof holdRequests>>;
  /** Writes the device should have received: the trimmed values typed. */
  sentValues: string[];
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
  return { typed, deviceValue, dialog: 'open', writes, sentValues: [], toasts: [] };
}

async function play(page: Page, event: LineEditModelEvent, world: LineEditWorld) {
  const type: string = event.type;
  switch (event.type) {
    case 'lineEdit.change':
      await valueField(page).fill(event.value);
      world.typed = event.value;
      return;
    case 'lineEdit.submit':
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      world.sentValues.push(world.typed.trim());
      return;
    case 'lineEdit.cancel':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      world.dialog = 'cancelled';
      return;
  }
  if (type !== ACCEPTED.type) throw new Error(`No way to play ${type}`);
  // The device's answer to the held write (SPEC §7 PUT /api/v2/devices/pages/lines, §8 its messages).
  await world.writes.release();
  if ((event as { output?: unknown }).output === 'accepted') {
    Object.assign(world, { dialog: 'saved', deviceValue: Number(world.sentValues.at(-1)) });
    world.toasts.push('Line updated');
  } else world.toasts.push('Line update was not accepted by the device');
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
    'lineEdit.writing on xstate.error.actor.writeLine':
      'a transport failure or an unexpected status: the server answers a write of a line of the page with 200, 409 or 504 (the jsdom view paths play it)',
  },
});
