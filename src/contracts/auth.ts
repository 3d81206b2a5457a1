import * as v from 'valibot';
import { Authority } from './grants';
import { trimmed } from './common';

export const SECURITY_CODE_LENGTH = 6;

export const SecurityCode = v.pipe(
  v.string('Security code is required'),
  v.trim(),
  v.nonEmpty('Security code is required'),
  v.regex(/^\d{6}$/, 'Security code must be exactly 6 digits'),
);

/** Longer than any real name or password; also bounds what sign-in stores and hashes for a stranger. */
export const USERNAME_MAX_LENGTH = 128;
export const PASSWORD_MAX_LENGTH = 256;

/** A username as an account is created or signs in with: trimmed, not empty, at most USERNAME_MAX_LENGTH. */
export const Username = v.pipe(
  trimmed('Username'),
  v.maxLength(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`),
);

export const LoginRequest = v.object({
  username: Username,
  password: v.pipe(
    trimmed('Password'),
    v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  ),
  domain: v.optional(v.string(), ''),
  rememberMe: v.optional(v.boolean(), false),
  type: v.optional(v.picklist(['DOMAIN', 'DOMAIN_MFA']), 'DOMAIN'),
  mfaCode: v.optional(SecurityCode),
});
export type LoginRequest = v.InferInput<typeof LoginRequest>;

export const PushSubscription = v.object({
  endpoint: v.pipe(v.string(), v.url()),
  keys: v.object({ p256dh: v.string(), auth: v.string() }),
});
export type PushSubscription = v.InferOutput<typeof PushSubscription>;

/** The session the server returns on login and the SPA keeps under `web-current-user`. */
export const Session = v.object({
  token: v.object({
    id: v.string(),
    authorities: v.array(Authority),
    /** Username of the administrator while acting as another user; null otherwise. */
    source: v.optional(v.nullable(v.string()), null),
  }),
  metadata: v.object({
    username: v.string(),
    languageCode: v.string(),
    vapidSubscription: v.optional(v.nullable(PushSubscription), null),
  }),
});
export type Session = v.InferOutput<typeof Session>;

/** Body of the 202 answer: the user must send a security code next. */
export const MfaRequired = v.object({ mfaRequired: v.literal(true) });

/** Header carrying the human-readable lockout message on a 423 answer. */
export const LOCKED_MESSAGE_HEADER = 'Locked-Message';

/**
 * The code of a 429 answer to sign-in, a two-factor code or a recovery request: too many attempts that may be
 * guessing came from this client address. Retry-After says in seconds when to try again.
 */
export const THROTTLED_CODE = 'TOO_MANY_ATTEMPTS';
