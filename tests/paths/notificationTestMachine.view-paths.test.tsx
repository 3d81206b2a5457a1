import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { NotificationPermissionState } from '../../src/services/alarmBrowser';
import { notificationTestMachine } from '../../src/machines/alarms/notificationTestMachine';
import { ErrorBody, PushSubscriptionRequest } from '#contracts';
import { dialogNamed, noDialog, openAlarmMenu, renderAlarmsProduct } from '../support/worlds/alarmPathWorld';
import { heldAnswers, type HeldAnswers } from '../support/servers/heldRequests';
import { modelEvents } from '../support/paths/modelEvents';
import {
  fakePushBrowser,
  pushSubscriptionBody,
  type FakePushBrowser,
} from '../support/fakes/pushSubscriptionBrowser';
import { pushKeyHandler } from '../support/servers/alarmHandlers';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected, toastsShown, type ToastsShown } from '../support/dom/toastsShown';

/** The notification test: the menu's Test notification entry, the browser's permission, push and the server. */
const test = modelEvents<typeof notificationTestMachine>();
const PERMISSION_GRANTED = test.done('requestPermission', 'granted');
const TEST_SENT = test.done('sendTest', 'sent');
const NOT_SUBSCRIBED = test.done('sendTest', 'notSubscribed');
const PUSH_SWITCH = 'Push notifications on this device';
const NOT_SUBSCRIBED_TITLE = 'Not subscribed';

interface NotificationTestWorld {
  user: UserEvent;
  toasts: ToastsShown;
  push: FakePushBrowser;
  /** The browser's permission prompts the page opened, each answered when the path plays the user's choice. */
  prompts: { resolve(state: NotificationPermissionState): void; reject(error: Error): void }[];
  asked: number;
  tests: HeldAnswers<null>;
  subscribes: PushSubscriptionRequest[];
  /** The dialog open: how to unblock notifications, or that no browser is subscribed. */
  dialog: 'blocked' | 'notSubscribed' | null;
  /** This browser is subscribed to push messages (the menu's switch is on). */
  subscribed: boolean;
  expectedAsks: number;
  expectedTests: number;
  expectedToasts: string[];
}

/** A browser whose user has not chosen yet: every request opens the permission prompt. */
function fakeNotificationPermission(world: Pick<NotificationTestWorld, 'prompts' | 'asked'>) {
  const Notification = Object.assign(function Notification() {}, {
    permission: 'default' as NotificationPermission,
    requestPermission: () => {
      world.asked++;
      return new Promise<NotificationPermissionState>((resolve, reject) =>
        world.prompts.push({ resolve, reject }),
      );
    },
  });
  Object.defineProperty(window, 'Notification', { value: Notification, configurable: true, writable: true });
}

async function answerPrompt(
  world: NotificationTestWorld,
  answer: (prompt: NotificationTestWorld['prompts'][0]) => void,
) {
  await vi.waitFor(() => expect(world.prompts.length, 'the permission prompt is open').toBe(1));
  answer(world.prompts.shift()!);
}

/** The server's 404 of a test with no browser of the user subscribed. */
const notSubscribedAnswer = () =>
  HttpResponse.json(
    v.parse(ErrorBody, {
      statusCode: 404,
      code: 'PUSH_NOT_SUBSCRIBED',
      error: 'Not Found',
      message: 'No browser of yours is subscribed to notifications',
    }),
    { status: 404 },
  );

type NotificationTestModelEvent = Parameters<typeof notificationTestMachine.transition>[1];

async function play(event: NotificationTestModelEvent, world: NotificationTestWorld) {
  const { user } = world;
  const type: string = event.type;
  switch (event.type) {
    case 'notificationTest.start':
      await openAlarmMenu(user);
      await user.click(screen.getByRole('button', { name: 'Test notification' }));
      world.expectedAsks++;
      return;
    case 'notificationTest.close': {
      const title = world.dialog === 'blocked' ? 'Notifications blocked' : NOT_SUBSCRIBED_TITLE;
      await user.click(within(dialogNamed(title)).getByRole('button', { name: 'Close' }));
      world.dialog = null;
      return;
    }
    case 'notificationTest.subscribe':
      await user.click(within(dialogNamed(NOT_SUBSCRIBED_TITLE)).getByRole('button', { name: 'Subscribe' }));
      // The push switch's workflow asks the permission again (granted at once), subscribes and tells the server.
      world.expectedAsks++;
      await answerPrompt(world, (prompt) => prompt.resolve('granted'));
      Object.assign(world, { dialog: null, subscribed: true });
      // The user looks at the menu's push switch.
      await openAlarmMenu(user);
      return;
  }
  if (type === PERMISSION_GRANTED.type) {
    const { output } = event as unknown as { output: NotificationPermissionState };
    await answerPrompt(world, (prompt) => prompt.resolve(output));
    if (output === 'granted') world.expectedTests++;
    else world.dialog = 'blocked';
    return;
  }
  if (type === TEST_SENT.type) {
    const { output } = event as unknown as { output: string };
    if (output === 'notSubscribed') {
      await world.tests.answer(notSubscribedAnswer);
      world.dialog = 'notSubscribed';
      return;
    }
    await world.tests.answer(() => HttpResponse.json({ delivered: 1, failed: 0, removed: 0 }));
    world.expectedToasts.push('Test notification sent');
    return;
  }
  if (type.endsWith('.requestPermission')) {
    await answerPrompt(world, (prompt) => prompt.reject(new Error('The prompt was dismissed')));
    world.dialog = 'blocked';
    return;
  }
  await world.tests.answer(() => new HttpResponse(null, { status: 500 }));
  world.expectedToasts.push('The test notification could not be sent');
}

/** What waits, what was asked and sent, the toasts, and the push switch, as the world says. */
function nothingElseWaits(world: NotificationTestWorld, waiting: { prompts: number; tests: number }) {
  expect(world.prompts.length, 'permission prompts open').toBe(waiting.prompts);
  expect(world.tests.waiting(), 'test notifications waiting for the server').toBe(waiting.tests);
  expect(world.asked, 'permission prompts opened').toBe(world.expectedAsks);
  expect(world.tests.received.length, 'test notifications asked for').toBe(world.expectedTests);
  expect(world.subscribes, 'subscriptions the server got').toEqual(
    world.subscribed ? [pushSubscriptionBody('made-1')] : [],
  );
  toastsAsExpected(world);
}

function noDialogs() {
  noDialog('Notifications blocked');
  noDialog(NOT_SUBSCRIBED_TITLE);
}

describeViewPaths('notification test, played from the alarms menu', notificationTestMachine, {
  model: {
    events: [
      { type: 'notificationTest.start' },
      { type: 'notificationTest.close' },
      { type: 'notificationTest.subscribe' },
      PERMISSION_GRANTED,
      test.done('requestPermission', 'denied'),
      test.failed('requestPermission'),
      TEST_SENT,
      NOT_SUBSCRIBED,
      test.failed('sendTest'),
    ],
    serializeState: (s) => JSON.stringify(s.value),
  },
  shortestPaths:
    'a browser subscribes to push once: a walk would meet the not-subscribed dialog again with the switch already on',
  async start(inspect: (event: InspectionEvent) => void) {
    const tests = heldAnswers('get', '*/api/v2/test-notification', () => null);
    const world: NotificationTestWorld = {
      user: userEvent.setup({ delay: null }),
      toasts: toastsShown(),
      push: fakePushBrowser(),
      prompts: [],
      asked: 0,
      tests,
      subscribes: [],
      dialog: null,
      subscribed: false,
      expectedAsks: 0,
      expectedTests: 0,
      expectedToasts: [],
    };
    // A browser that can take push messages and holds no subscription yet.
    world.push.holdLookups = false;
    fakeNotificationPermission(world);
    await renderAlarmsProduct(
      inspect,
      [],
      [
        tests.handler,
        pushKeyHandler(),
        http.post('*/api/v2/subscribe', async ({ request }) => {
          world.subscribes.push(v.parse(PushSubscriptionRequest, await request.json()));
          return new HttpResponse(null, { status: 201 });
        }),
      ],
    );
    return world;
  },
  play,
  stop: (world) => {
    world.tests.release();
    world.push.restore();
    Reflect.deleteProperty(window, 'Notification');
  },
  states: {
    idle: (_, world) => {
      expect(world.dialog, 'no dialog is open').toBeNull();
      noDialogs();
      nothingElseWaits(world, { prompts: 0, tests: 0 });
      if (world.subscribed) {
        const pushSwitch = screen.getByRole('switch', { name: PUSH_SWITCH });
        expect(pushSwitch.getAttribute('aria-checked'), 'this browser is subscribed').toBe('true');
      }
    },
    askingPermission: (_, world) => {
      noDialogs();
      nothingElseWaits(world, { prompts: 1, tests: 0 });
    },
    sending: (_, world) => {
      noDialogs();
      nothingElseWaits(world, { prompts: 0, tests: 1 });
    },
    blocked: (_, world) => {
      expect(world.dialog, 'notifications are blocked').toBe('blocked');
      const dialog = dialogNamed('Notifications blocked');
      expect(within(dialog).getByText(/open the site settings/)).toBeTruthy();
      // A modal dialog: the focus is in it, and Close is its way out.
      expect(dialog.contains(document.activeElement), 'focus in the dialog').toBe(true);
      expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Close' }).disabled).toBe(false);
      nothingElseWaits(world, { prompts: 0, tests: 0 });
    },
    notSubscribed: (_, world) => {
      expect(world.dialog, 'no browser is subscribed').toBe('notSubscribed');
      const dialog = dialogNamed(NOT_SUBSCRIBED_TITLE);
      expect(within(dialog).getByText(/not subscribed to push notifications/)).toBeTruthy();
      expect(dialog.contains(document.activeElement), 'focus in the dialog').toBe(true);
      expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
      noDialog('Notifications blocked');
      nothingElseWaits(world, { prompts: 0, tests: 0 });
    },
  },
});
