import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { pushSubscriptionMachine } from '../../src/machines/alarms/pushSubscriptionMachine';
import type { PushSubscriptionRequest } from '#contracts';
import { fakeAlarmBrowser, type FakeAlarmBrowser } from '../support/fakes/alarmListBrowser';
import { openAlarmMenu, renderAlarmsProduct } from '../support/worlds/alarmPathWorld';
import { heldAnswers, type HeldAnswers } from '../support/servers/heldRequests';
import { modelEvents } from '../support/paths/modelEvents';
import {
  fakePushBrowser,
  pushSubscriptionBody,
  type FakePushBrowser,
} from '../support/fakes/pushSubscriptionBrowser';
import { PUSH_SERVER_KEY, pushKeyHandler } from '../support/servers/alarmHandlers';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected, toastsShown } from '../support/dom/toastsShown';

const push = modelEvents<typeof pushSubscriptionMachine>();
const FOUND_SUBSCRIBED = push.done('checkSubscription', 'subscribed');
const FOUND_UNSUBSCRIBED = push.done('checkSubscription', 'unsubscribed');
const CHECK_FAILED = push.failed('checkSubscription');
const SUBSCRIBED = push.done('subscribe');
const SUBSCRIBE_FAILED = push.failed('subscribe');
const UNSUBSCRIBED = push.done('unsubscribe');
const UNSUBSCRIBE_FAILED = push.failed('unsubscribe');
const PUSH_SWITCH = 'Push notifications on this device';
const UNSUPPORTED = 'This browser cannot receive push notifications';

interface PushWorld {
  user: UserEvent;
  toasts: ReturnType<typeof toastsShown>;
  push: FakePushBrowser;
  notifications: FakeAlarmBrowser;
  subscribes: HeldAnswers<PushSubscriptionRequest>;
  unsubscribes: HeldAnswers<string | null>;
  /** What the server must have received: subscriptions (relinked or new) and endpoints dropped. */
  expectedSubscribes: PushSubscriptionRequest[];
  expectedUnsubscribes: (string | null)[];
  /** pushManager.subscribe calls, each with the server's key. */
  expectedSubscriptions: number;
  expectedToasts: string[];
}

const pushSwitch = () => screen.getByRole<HTMLButtonElement>('switch', { name: PUSH_SWITCH });

function switchShows(state: { checked: boolean; enabled: boolean }) {
  expect(screen.queryByText(UNSUPPORTED), UNSUPPORTED).toBeNull();
  expect(pushSwitch().getAttribute('aria-checked'), 'the switch is on').toBe(String(state.checked));
  expect(pushSwitch().disabled, 'the switch is disabled').toBe(!state.enabled);
}

/** What the browser and the server were asked, and the toasts, as the world says; what waits for an answer. */
function sent(world: PushWorld, waiting: { lookups?: number; subscribes?: number; unsubscribes?: number }) {
  expect(world.push.lookups.length, 'the app waits for the browser').toBe(waiting.lookups ?? 0);
  expect(world.subscribes.waiting(), 'a subscription waits for the server').toBe(waiting.subscribes ?? 0);
  expect(world.unsubscribes.waiting(), 'an unsubscription waits').toBe(waiting.unsubscribes ?? 0);
  expect(world.subscribes.received, 'subscriptions sent').toEqual(world.expectedSubscribes);
  expect(world.unsubscribes.received, 'unsubscriptions sent').toEqual(world.expectedUnsubscribes);
  const serverKey = [...Buffer.from(PUSH_SERVER_KEY, 'base64url')];
  expect(world.push.subscribedWith, 'pushManager.subscribe with the server key').toEqual(
    Array.from({ length: world.expectedSubscriptions }, () => serverKey),
  );
  toastsAsExpected(world);
}

type PushModelEvent = Parameters<typeof pushSubscriptionMachine.transition>[1];

async function play(event: PushModelEvent, world: PushWorld) {
  const { push: browser } = world;
  const type: string = event.type;
  const created = () => new HttpResponse(null, { status: 201 });
  switch (type) {
    case 'push.subscribe':
      await world.user.click(pushSwitch());
      // Notifications are allowed here: the browser subscribes with the server's key, the server is told.
      world.expectedSubscriptions++;
      world.expectedSubscribes.push(pushSubscriptionBody(`made-${world.expectedSubscriptions}`));
      return;
    case 'push.unsubscribe':
      world.expectedUnsubscribes.push(browser.subscription!.endpoint);
      await world.user.click(pushSwitch());
      return;
    case FOUND_SUBSCRIBED.type: {
      if ((event as unknown as { output: string }).output === 'unsubscribed') {
        browser.holdLookups = false;
        return browser.answerLookup(null);
      }
      // The browser kept a subscription: it is linked to whoever signed in now.
      const kept = pushSubscriptionBody('kept');
      world.expectedSubscribes.push(kept);
      browser.holdLookups = false;
      await browser.answerLookup(kept);
      return world.subscribes.answer(created);
    }
    case CHECK_FAILED.type:
      return browser.answerLookup(new Error('The push service is not available'));
    case SUBSCRIBED.type:
      return world.subscribes.answer(created);
    case SUBSCRIBE_FAILED.type:
      world.expectedToasts.push('Push notifications could not be turned on');
      return world.subscribes.answer(() => new HttpResponse(null, { status: 500 }));
    case UNSUBSCRIBED.type:
      return world.unsubscribes.answer(() => new HttpResponse(null, { status: 204 }));
    case UNSUBSCRIBE_FAILED.type:
      // The app asks the browser again what it holds: the path plays that answer.
      browser.holdLookups = true;
      return world.unsubscribes.answer(() => new HttpResponse(null, { status: 500 }));
  }
}

async function start(inspect: (event: InspectionEvent) => void): Promise<PushWorld> {
  const push = fakePushBrowser();
  const notifications = fakeAlarmBrowser();
  // The user allowed notifications before: switching push on asks nothing more.
  notifications.permission = 'granted';
  const subscribes = heldAnswers(
    'post',
    '*/api/v2/subscribe',
    async (request) => (await request.json()) as PushSubscriptionRequest,
  );
  const unsubscribes = heldAnswers('get', '*/api/v2/unsubscribe', (request) =>
    new URL(request.url).searchParams.get('endpoint'),
  );
  await renderAlarmsProduct(inspect, [], [subscribes.handler, unsubscribes.handler, pushKeyHandler()]);
  const world: PushWorld = {
    user: userEvent.setup({ delay: null }),
    toasts: toastsShown(),
    push,
    notifications,
    subscribes,
    unsubscribes,
    expectedSubscribes: [],
    expectedUnsubscribes: [],
    expectedSubscriptions: 0,
    expectedToasts: [],
  };
  // The switch lives in the alarms menu: it stays open while the path plays.
  await openAlarmMenu(world.user);
  return world;
}

// The signed-in part of the app comes in chunks of its own: loaded once here, not inside the first path's time.
beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
    ]),
  60_000,
);

describeViewPaths('push subscription, played from the alarms menu', pushSubscriptionMachine, {
  model: {
    events: [
      FOUND_SUBSCRIBED,
      FOUND_UNSUBSCRIBED,
      CHECK_FAILED,
      { type: 'push.subscribe' },
      { type: 'push.unsubscribe' },
      SUBSCRIBED,
      SUBSCRIBE_FAILED,
      UNSUBSCRIBED,
      UNSUBSCRIBE_FAILED,
    ],
    serializeState: (s) => JSON.stringify(s.value),
  },
  start,
  play,
  stop: (world) => {
    world.push.lookups.forEach((lookup) => lookup.reject(new Error('the test ended')));
    world.subscribes.release();
    world.unsubscribes.release();
    world.push.restore();
    world.notifications.restore();
  },
  states: {
    checking: (_, world) => {
      switchShows({ checked: false, enabled: false });
      sent(world, { lookups: 1 });
    },
    unsupported: (_, world) => {
      expect(screen.getByText(UNSUPPORTED)).toBeTruthy();
      expect(screen.queryByRole('switch', { name: PUSH_SWITCH })).toBeNull();
      sent(world, {});
    },
    unsubscribed: (_, world) => {
      switchShows({ checked: false, enabled: true });
      sent(world, {});
    },
    subscribing: (_, world) => {
      switchShows({ checked: false, enabled: false });
      sent(world, { subscribes: 1 });
    },
    subscribed: (_, world) => {
      switchShows({ checked: true, enabled: true });
      sent(world, {});
    },
    unsubscribing: (_, world) => {
      switchShows({ checked: true, enabled: false });
      sent(world, { unsubscribes: 1 });
    },
  },
  unreachable: {
    'pushSubscription.checking on xstate.done.actor.checkSubscription #3':
      'a browser without push is known at once (no service worker or PushManager, checked synchronously): ' +
      'the check is never seen waiting, so no path can play its answer; the test below shows that browser',
  },
});

describe('push subscription in a browser without push', () => {
  it('offers no push switch and says why', async () => {
    await renderAlarmsProduct(() => {}, [], []);
    const menu = await openAlarmMenu(userEvent.setup({ delay: null }));
    expect(menu).toBeTruthy();
    expect(screen.getByText(UNSUPPORTED)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: PUSH_SWITCH })).toBeNull();
    expect(within(document.body).getByRole('switch', { name: 'Sound on new alarms' })).toBeTruthy();
  });
});
