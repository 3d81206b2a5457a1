import { fromPromise } from 'xstate';
import type { NotificationPermissionState } from '../../services/alarmBrowser';

/**
 * The browser's question whether this site may show notifications, as the alarm settings' switch and the
 * notification test ask it: Notification.requestPermission (provided by provideAlarms; it answers at once when
 * the user already chose). The default answers 'denied'.
 */
export const requestPermission = fromPromise<NotificationPermissionState>(() => Promise.resolve('denied'));
