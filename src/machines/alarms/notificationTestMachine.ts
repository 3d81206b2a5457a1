import { enqueueActions, setup } from 'xstate';
import { notifying } from '../notifications/notify';
import { ALARM_SYSTEM_IDS } from './alarmsSystem';
import type { NotificationPermissionState } from '../../services/alarmBrowser';
import { requestPermission } from './notificationPermission';
import type { NotificationTestEvent, TestNotificationSent } from './notificationTest.events';
import type { PushSubscriptionEvent } from './pushSubscription.events';
import { notProvided } from '../notProvided';

/**
 * SPEC §4 notification test: it needs the browser's permission; granted, the server sends a test
 * notification; otherwise the 'Notifications blocked' dialog tells how to reset the permission. With the
 * permission but no browser of the user subscribed, a dialog says so and offers to subscribe this one.
 */
export const notificationTestMachine = setup({
  types: { events: {} as NotificationTestEvent },
  actors: {
    requestPermission,
    // GET /api/v2/test-notification (provided).
    sendTest: notProvided<TestNotificationSent>('sendTest'),
  },
  guards: {
    granted: (_, params: { permission: NotificationPermissionState }) => params.permission === 'granted',
    notSubscribed: (_, params: { sent: TestNotificationSent }) => params.sent === 'notSubscribed',
  },
  actions: {
    notifySent: notifying('success', 'alarmsUi.testSent'),
    notifyFailed: notifying('error', 'alarmsUi.testFailed'),
    /** The push switch's workflow subscribes this browser (it says so, or why it could not). */
    subscribePush: enqueueActions(({ enqueue, system }) => {
      const push = system.get(ALARM_SYSTEM_IDS.push);
      const subscribe: PushSubscriptionEvent = { type: 'push.subscribe' };
      if (push) enqueue.sendTo(push, subscribe);
    }),
  },
}).createMachine({
  id: 'notificationTest',
  initial: 'idle',
  states: {
    idle: {
      description: 'No test notification is under way.',
      on: { 'notificationTest.start': 'askingPermission' },
    },
    askingPermission: {
      description: 'The browser asks the user whether this site may show notifications.',
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [
          {
            guard: { type: 'granted', params: ({ event }) => ({ permission: event.output }) },
            target: 'sending',
          },
          { target: 'blocked' },
        ],
        onError: 'blocked',
      },
    },
    sending: {
      description: 'The server is asked to send a test notification to this browser.',
      invoke: {
        id: 'sendTest',
        src: 'sendTest',
        onDone: [
          {
            guard: { type: 'notSubscribed', params: ({ event }) => ({ sent: event.output }) },
            target: 'notSubscribed',
          },
          { target: 'idle', actions: 'notifySent' },
        ],
        onError: { target: 'idle', actions: 'notifyFailed' },
      },
    },
    notSubscribed: {
      description:
        'No browser of the user is subscribed to push messages: a dialog says so and offers to subscribe this one.',
      on: {
        'notificationTest.subscribe': { target: 'idle', actions: 'subscribePush' },
        'notificationTest.close': 'idle',
      },
    },
    blocked: {
      description: 'Notifications are blocked: a dialog explains how to allow them in the browser.',
      on: { 'notificationTest.close': 'idle' },
    },
  },
});
