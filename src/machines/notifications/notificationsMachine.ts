import { assign, setup } from 'xstate';
import type { Message } from '../message';
import type { NotificationKind, NotificationsEvent } from './notifications.events';

/** SPEC §9: a toast hides after 1500 ms; its progress bar moves every 100 ms. */
export const AUTO_HIDE_MS = 1500;
export const PROGRESS_STEP_MS = 100;

export interface Toast {
  id: number;
  kind: NotificationKind;
  message: Message;
  elapsedMs: number;
}

export interface NotificationsContext {
  toasts: Toast[];
  nextId: number;
}

export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  delays: { PROGRESS_STEP: PROGRESS_STEP_MS },
  guards: {
    // After this tick every toast would be expired or dismissed.
    lastToastExpiring: ({ context }) =>
      context.toasts.every((t) => t.elapsedMs + PROGRESS_STEP_MS >= AUTO_HIDE_MS),
    lastToastDismissed: ({ context, event }) =>
      event.type === 'notification.dismiss' && context.toasts.every((t) => t.id === event.id),
  },
  actions: {
    addToast: assign(({ context, event }) => {
      if (event.type !== 'notification.show') return {};
      const toast = { id: context.nextId, kind: event.kind, message: event.message, elapsedMs: 0 };
      return { toasts: [...context.toasts, toast], nextId: context.nextId + 1 };
    }),
    dismissToast: assign({
      toasts: ({ context, event }) =>
        event.type === 'notification.dismiss'
          ? context.toasts.filter((t) => t.id !== event.id)
          : context.toasts,
    }),
    advanceProgress: assign({
      toasts: ({ context }) =>
        context.toasts
          .map((t) => ({ ...t, elapsedMs: t.elapsedMs + PROGRESS_STEP_MS }))
          .filter((t) => t.elapsedMs < AUTO_HIDE_MS),
    }),
  },
}).createMachine({
  id: 'notifications',
  context: { toasts: [], nextId: 1 },
  initial: 'idle',
  states: {
    idle: {
      description: 'No notification is shown.',
      on: { 'notification.show': { target: 'showing', actions: 'addToast' } },
    },
    // One ticker drives every visible toast, so they advance together on the same clock.
    showing: {
      description:
        'Notifications are shown, each with a progress bar until it expires or the user dismisses it.',
      after: {
        PROGRESS_STEP: [
          { guard: 'lastToastExpiring', target: 'idle', actions: 'advanceProgress' },
          { target: 'showing', reenter: true, actions: 'advanceProgress' },
        ],
      },
      on: {
        'notification.show': { actions: 'addToast' },
        'notification.dismiss': [
          { guard: 'lastToastDismissed', target: 'idle', actions: 'dismissToast' },
          { actions: 'dismissToast' },
        ],
      },
    },
  },
});
