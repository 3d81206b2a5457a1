import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { alarmAcknowledgeMachine } from '../../../src/machines/alarms/alarmAcknowledgeMachine';
import type { AlarmTarget } from '../../../src/machines/alarms/alarmEntries';
import type { AlarmEntry, Session } from '#contracts';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { modelEvents } from '../../support/paths/modelEvents';
import { alarmBell } from '../support/alarmBell';
import { tenantUrl } from '../support/browser';
import { apiCall, apiSession, openSignedIn } from '../support/pathSession';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * Acknowledging an alarm of acme's walk-in cooler (3E0003), which the path raises through the demo route and
 * clears at its end; acme's alarms are no other test's. The refusal is the server's own: another session
 * acknowledges the alarm first, while the browser's request is held.
 */
const TENANT = 'acme';
const DEVICE = { hexacode: '3E0003', name: 'Walk-in cooler' };
const ALARM = `High temperature of ${DEVICE.name}`;
const REFUSAL = 'This alarm is acknowledged already';

type AckModelEvent = Parameters<typeof alarmAcknowledgeMachine.transition>[1];
const ack = modelEvents<typeof alarmAcknowledgeMachine>();
const DONE = ack.done('acknowledgeAlarm');
const REFUSED = ack.failed('acknowledgeAlarm', Object.assign(new Error(REFUSAL), { reason: REFUSAL }));
/** The model's stand-in for the alarm the path raised: only its place in the machine matters. */
const target = {
  alarm: { id: 'raised-by-the-path' },
  deviceName: DEVICE.name,
} as unknown as AlarmTarget;

const model: ModelOptions<typeof alarmAcknowledgeMachine> = {
  events: [
    { type: 'acknowledge.open', target },
    // Spaces around the comment: it is sent trimmed.
    { type: 'acknowledge.changeComment', text: ' Door closed ' },
    { type: 'acknowledge.send' },
    { type: 'acknowledge.cancel' },
    DONE,
    REFUSED,
  ],
  serializeState: (s) =>
    JSON.stringify({ value: s.value, comment: s.context.comment, error: s.context.error }),
};

interface AckWorld {
  session: Session;
  comment: string;
  dialog: boolean;
  /** The refusal the dialog shows, if any. */
  alert: string | null;
  acknowledgements: Awaited<ReturnType<typeof holdRequests>>;
  sentComments: string[];
  toasts: string[];
}

const forceAlarm = (session: Session, raised: boolean) =>
  apiCall(TENANT, session, 'POST', '/api/v2/demo/alarms', {
    hexacode: DEVICE.hexacode,
    department: '1.0',
    code: 'HIGH_TEMPERATURE',
    raised,
  });

async function start(page: Page): Promise<AckWorld> {
  const session = await apiSession(TENANT, 'admin', 'Admin123');
  expect((await forceAlarm(session, true)).status).toBe(204);
  await openSignedIn(page, session);
  await recordToasts(page);
  const world: AckWorld = {
    session,
    comment: '',
    dialog: false,
    alert: null,
    acknowledgements: await holdRequests(page, '**/api/v2/alarms/*/acknowledge', 'POST'),
    sentComments: [],
    toasts: [],
  };
  await page.goto(tenantUrl(TENANT, `/${DEVICE.hexacode}/1/0/pages/1`));
  return world;
}

/** Acknowledges what the path left open and clears the alarm, so the next path raises a new one. */
async function stop(world: AckWorld) {
  const entries = await apiCall<AlarmEntry[]>(TENANT, world.session, 'GET', '/api/v2/alarms/');
  const open = entries.body
    .flatMap((entry) => entry.alarms)
    .filter(
      (alarm) =>
        alarm.hexacode === DEVICE.hexacode && alarm.code === 'HIGH_TEMPERATURE' && !alarm.acknowledgedAt,
    );
  for (const alarm of open)
    await apiCall(TENANT, world.session, 'POST', `/api/v2/alarms/${alarm.id}/acknowledge`, { comment: '' });
  await forceAlarm(world.session, false);
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Acknowledge alarm' });
const commentField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Comment' });

async function play(page: Page, event: AckModelEvent, world: AckWorld) {
  // The model's events include the invoked actor's, which the machine's event type leaves out.
  const type: string = event.type;
  switch (event.type) {
    case 'acknowledge.open':
      await alarmBell(page).click();
      await page.getByRole('button', { name: `Acknowledge ${ALARM}` }).click();
      Object.assign(world, { dialog: true, comment: '', alert: null });
      return;
    case 'acknowledge.changeComment':
      await commentField(page).fill(event.text);
      world.comment = event.text;
      return;
    case 'acknowledge.send':
      await dialog(page).getByRole('button', { name: 'Acknowledge' }).click();
      world.sentComments.push(world.comment.trim());
      return;
    case 'acknowledge.cancel':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      world.dialog = false;
      return;
  }
  if (type !== DONE.type && type !== REFUSED.type) throw new Error(`No way to play ${type}`);
  if (type === REFUSED.type) {
    // Another session acknowledges the same alarm first.
    const url = new URL(world.acknowledgements.urls().at(-1)!);
    const first = await apiCall(TENANT, world.session, 'POST', url.pathname, { comment: 'Seen elsewhere' });
    expect(first.status).toBe(204);
    world.alert = REFUSAL;
  } else {
    world.dialog = false;
    world.toasts.push('Alarm acknowledged');
  }
  await world.acknowledgements.release();
}

async function sentAndToasts(page: Page, world: AckWorld) {
  const sent = world.acknowledgements.bodies() as { comment: string }[];
  expect(sent).toEqual(world.sentComments.map((comment) => ({ comment })));
  const shown = (await toastsShown(page)).filter((text) => text.startsWith('Alarm acknowledged'));
  expect(shown, 'the acknowledge toasts shown so far').toEqual(world.toasts);
}

async function dialogShown(page: Page, world: AckWorld, busy: boolean) {
  expect(world.dialog, 'the dialog is open').toBe(true);
  await dialog(page).getByText(ALARM).waitFor();
  expect(await commentField(page).inputValue()).toBe(world.comment);
  expect(await dialog(page).getByRole('button', { name: 'Acknowledge' }).isDisabled()).toBe(busy);
  const alert = dialog(page).getByRole('alert');
  expect(world.alert === null ? await alert.count() : await alert.textContent()).toBe(world.alert ?? 0);
  expect(world.acknowledgements.waiting(), 'the acknowledgement waits for the server').toBe(busy);
  await sentAndToasts(page, world);
}

describeServerPaths('alarm acknowledge in Chromium against the server', alarmAcknowledgeMachine, {
  model,
  serverActors: ['acknowledgeAlarm'],
  start,
  play: (page, event, world) => play(page, event, world),
  stop,
  states: {
    closed: async (page, _, world) => {
      expect(world.dialog, 'the dialog is closed').toBe(false);
      expect(await dialog(page).count()).toBe(0);
      expect(world.acknowledgements.waiting(), 'no acknowledgement waits').toBe(false);
      await sentAndToasts(page, world);
    },
    editing: (page, _, world) => dialogShown(page, world, false),
    sending: (page, _, world) => dialogShown(page, world, true),
  },
});
