import { fromPromise, setup } from 'xstate';
import { notifying } from '../notifications/notify';
import type { PushStatus, PushSubscriptionEvent } from './pushSubscription.events';
import { notProvided } from '../notProvided';

/**
 * Push notifications on this device: the browser's PushManager subscribes with the server's key and the
 * server keeps the subscription (both through provided services).
 */
export const pushSubscriptionMachine = setup({
  types: { events: {} as PushSubscriptionEvent },
  actors: {
    // Whether the browser can push and is subscribed (provided).
    checkSubscription: fromPromise<PushStatus>(() => Promise.resolve('unsupported')),
    // GET /api/v2/key, PushManager.subscribe, POST /api/v2/subscribe (provided).
    subscribe: notProvided<void>('subscribe'),
    // PushSubscription.unsubscribe, GET /api/v2/unsubscribe (provided).
    unsubscribe: notProvided<void>('unsubscribe'),
  },
  guards: {
    isStatus: (_, params: { status: PushStatus; expected: PushStatus }) => params.status === params.expected,
  },
  actions: {
    notifyFailed: notifying('error', 'alarmsUi.pushFailed'),
  },
}).createMachine({
  id: 'pushSubscription',
  initial: 'checking',
  states: {
    checking: {
      description: 'Finding out whether this browser can receive push messages and is subscribed.',
      invoke: {
        id: 'checkSubscription',
        src: 'checkSubscription',
        onDone: [
          {
            guard: {
              type: 'isStatus',
              params: ({ event }) => ({ status: event.output, expected: 'subscribed' }),
            },
            target: 'subscribed',
          },
          {
            guard: {
              type: 'isStatus',
              params: ({ event }) => ({ status: event.output, expected: 'unsubscribed' }),
            },
            target: 'unsubscribed',
          },
          { target: 'unsupported' },
        ],
        onError: 'unsupported',
      },
    },
    unsupported: { description: 'This browser cannot receive push messages; the switch is not offered.' },
    unsubscribed: {
      description: 'Push messages are off for this browser; the user can switch them on.',
      on: { 'push.subscribe': 'subscribing' },
    },
    subscribing: {
      description: 'The browser subscribes and the server registers the subscription.',
      invoke: {
        id: 'subscribe',
        src: 'subscribe',
        onDone: 'subscribed',
        onError: { target: 'unsubscribed', actions: 'notifyFailed' },
      },
    },
    subscribed: {
      description: 'Push messages arrive in this browser; the user can switch them off.',
      on: { 'push.unsubscribe': 'unsubscribing' },
    },
    unsubscribing: {
      description: "The browser's subscription is being removed here and on the server.",
      invoke: {
        id: 'unsubscribe',
        src: 'unsubscribe',
        // Whatever the server says, the browser's subscription is what matters; check it again on failure.
        onDone: 'unsubscribed',
        onError: 'checking',
      },
    },
  },
});
