import * as v from 'valibot';

/**
 * Web push (SPEC §7: GET /key, POST /subscribe, GET /unsubscribe, GET /test-notification, under /api/v2). The
 * session's metadata.vapidSubscription is a PushSubscription (auth.ts); these are the calls' own shapes.
 */

/** PushSubscription.toJSON() of a browser: an https endpoint, the P-256 public key (65 bytes) and a 16-byte secret. */
export const PushSubscriptionRequest = v.object({
  endpoint: v.pipe(
    v.string('Endpoint is required'),
    v.maxLength(2048, 'Endpoint must be at most 2048 characters'),
    v.url('Endpoint must be a URL'),
    v.startsWith('https://', 'Endpoint must be an https URL'),
  ),
  keys: v.object({
    // 0x04 then 64 bytes (an uncompressed P-256 point) in base64url: 'B' then 86 characters.
    p256dh: v.pipe(
      v.string('p256dh is required'),
      v.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'p256dh must be a P-256 public key in base64url'),
    ),
    auth: v.pipe(
      v.string('auth is required'),
      v.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'auth must be 16 bytes in base64url'),
    ),
  }),
});
export type PushSubscriptionRequest = v.InferOutput<typeof PushSubscriptionRequest>;

/** GET /api/v2/key: the VAPID public key, base64url, for pushManager.subscribe({applicationServerKey}). */
export const VapidPublicKey = v.object({ publicKey: v.string() });
export type VapidPublicKey = v.InferOutput<typeof VapidPublicKey>;

/** GET /api/v2/unsubscribe: the endpoint to drop; without it, the subscription made from this session. */
export const PushUnsubscribeQuery = v.object({ endpoint: v.optional(v.pipe(v.string(), v.maxLength(2048))) });

/** GET /api/v2/test-notification: how many of the user's browsers got the test push. */
export const TestNotificationResult = v.object({
  delivered: v.number(),
  failed: v.number(),
  /** Subscriptions the push service reported gone, now removed. */
  removed: v.number(),
});
export type TestNotificationResult = v.InferOutput<typeof TestNotificationResult>;

/**
 * What the service worker receives (JSON, decrypted by the browser): shown as a notification; a click opens
 * data.route. An alarm's push names its device page; the test push leads to '/'.
 */
export const PushPayload = v.object({
  title: v.string(),
  body: v.string(),
  /** One notification per alarm occurrence: a repeat replaces it instead of stacking. */
  tag: v.string(),
  data: v.object({
    route: v.string(),
    hexacode: v.optional(v.string()),
    department: v.optional(v.number()),
    subDepartment: v.optional(v.number()),
    page: v.optional(v.number()),
  }),
});
export type PushPayload = v.InferOutput<typeof PushPayload>;
