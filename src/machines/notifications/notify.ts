import { sendTo, type AnyActorRef, type EventObject, type MachineContext } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import { SYSTEM_IDS } from '../systemIds';
import type { NotificationKind, NotificationsEvent } from './notifications.events';

/** A catalogue message of a kind, with the values its text names. */
export interface NotifyParams {
  kind: NotificationKind;
  id: MessageId;
  values?: Record<string, string>;
}

/**
 * The two halves of the `notify` action machines declare as `sendTo(notifications, notificationOf)`: the
 * system's notifications actor, and the event showing the message.
 */
export const notifications = ({ system }: { system: { get(id: string): AnyActorRef | undefined } }) =>
  // The root app machine runs it for the whole session, before any machine that notifies.
  system.get(SYSTEM_IDS.notifications) as AnyActorRef;

export const notificationOf = (_: unknown, { kind, id, values }: NotifyParams): NotificationsEvent => ({
  type: 'notification.show',
  kind,
  message: values ? { id, values } : { id },
});

/** The `notify` action object of a machine that declares `notify: sendTo(notifications, notificationOf)`. */
export const notify = (kind: NotificationKind, id: MessageId) =>
  ({ type: 'notify', params: { kind, id } }) as const;

/**
 * A `notify…` action that shows one fixed catalogue message, for machines that name an action a message
 * (`notifyShelved: notifying('success', 'alarmShelving.shelved')`); its types are those of the machine's setup.
 */
export const notifying = <TContext extends MachineContext, TEvent extends EventObject>(
  kind: NotificationKind,
  id: MessageId,
) =>
  sendTo<TContext, TEvent, undefined, AnyActorRef, TEvent>(notifications, () =>
    notificationOf(undefined, { kind, id }),
  );
