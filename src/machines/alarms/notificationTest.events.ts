export type NotificationPermissionState = 'granted' | 'denied' | 'default';

export type NotificationTestEvent = { type: 'notificationTest.start' } | { type: 'notificationTest.close' };
