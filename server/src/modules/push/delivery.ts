import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '#contracts';
import { PermanentFailure } from '../mail/sender';
import type { StoredSubscription } from './repository';
import type { VapidKeys } from './vapid';

/** The push service answered 404 or 410: the browser unsubscribed or the subscription expired. */
export class SubscriptionGone extends Error {}

export interface PushDeliveryOptions {
  keys: () => Promise<VapidKeys>;
  subject: string;
  /** How long the push service keeps a push for an offline browser. */
  ttlSeconds: number;
  /** Tests trust their own push endpoint's certificate with it. */
  agent?: Agent | undefined;
}

/** Sends one encrypted push (RFC 8291 aes128gcm, VAPID); throws SubscriptionGone, PermanentFailure or a retryable error. */
export function createPushDelivery(options: PushDeliveryOptions) {
  return async (subscription: StoredSubscription, payload: PushPayload): Promise<void> => {
    const { publicKey, privateKey } = await options.keys();
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: options.subject, publicKey, privateKey },
          TTL: options.ttlSeconds,
          urgency: 'high',
          timeout: 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
    } catch (error) {
      throw classify(error);
    }
  };
}

function classify(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 404 || status === 410) return new SubscriptionGone(message);
  if (typeof status === 'number') {
    // Too many requests and server errors pass; any other refusal (bad key, payload too large) will not.
    return status === 429 || status >= 500
      ? new Error(`push service answered ${status}`)
      : new PermanentFailure(message);
  }
  // A network error (it has a system code) is worth another try; anything else is a subscription web-push refuses.
  return typeof (error as { code?: unknown }).code === 'string'
    ? (error as Error)
    : new PermanentFailure(message);
}
