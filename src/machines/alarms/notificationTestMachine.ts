import { fromPromise, sendTo, setup } from 'xstate';
import { notificationOf, notifications } from '../notifications/notify';
import type { NotificationPermissionState, NotificationTestEvent } from './notificationTest.events';

/**
 * SPEC §4 notification test: it needs the browser's permission; granted, the server sends a test
 * notification; otherwise the 'Notifications blocked' dialog tells how to reset the permission.
 */
export const notificationTestMachine = setup({
  types: { events: {} as NotificationTestEvent },
  actors: {
    // Notification.requestPermission (provided; it answers at once when the user already chose).
    requestPermission: fromPromise<NotificationPermissionState>(() => Promise.resolve('denied')),
    // GET /api/v2/test-notification (provided).
    sendTest: fromPromise<void>(() => Promise.reject(new Error('sendTest not provided'))),
  },
  guards: {
    granted: (_, params: { permission: NotificationPermissionState }) => params.permission === 'granted',
  },
  actions: {
    notifySent: sendTo(notifications, () =>
      notificationOf(undefined, { kind: 'success', id: 'alarmsUi.testSent' }),
    ),
    notifyFailed: sendTo(notifications, () =>
      notificationOf(undefined, { kind: 'error', id: 'alarmsUi.testFailed' }),
    ),
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
        onDone: { target: 'idle', actions: 'notifySent' },
        onError: { target: 'idle', actions: 'notifyFailed' },
      },
    },
    blocked: {
      description: 'Notifications are blocked: a dialog explains how to allow them in the browser.',
      on: { 'notificationTest.close': 'idle' },
    },
  },
});
