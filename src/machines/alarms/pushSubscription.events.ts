export type PushSubscriptionEvent = { type: 'push.subscribe' } | { type: 'push.unsubscribe' };

/** What the browser says of push on this device when the machine starts. */
export type PushStatus = 'unsupported' | 'subscribed' | 'unsubscribed';
