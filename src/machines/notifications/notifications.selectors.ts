import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine, Toast } from './notificationsMachine';
import { AUTO_HIDE_MS } from './notificationsMachine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** The visible toasts; the array reference changes only when a toast is added, advanced or removed. */
export const selectToasts = (s: NotificationsSnapshot): readonly Toast[] => s.context.toasts;
/** Remaining life of a toast in percent, for its progress bar. */
export const toastRemainingPercent = (toast: Toast): number =>
  Math.max(0, Math.round(100 - (toast.elapsedMs / AUTO_HIDE_MS) * 100));
