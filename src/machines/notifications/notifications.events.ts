import type { Message } from '../message';

export type NotificationKind = 'error' | 'success' | 'info';

export type NotificationsEvent =
  | { type: 'notification.show'; kind: NotificationKind; message: Message }
  | { type: 'notification.dismiss'; id: number };
