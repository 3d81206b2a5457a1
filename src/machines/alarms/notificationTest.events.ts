export type NotificationTestEvent =
  | { type: 'notificationTest.start' }
  | { type: 'notificationTest.close' }
  /** From the 'not subscribed' dialog: subscribe this browser to push messages. */
  | { type: 'notificationTest.subscribe' };

/** What the server did with a test notification: sent it, or found no browser of the user subscribed. */
export type TestNotificationSent = 'sent' | 'notSubscribed';
