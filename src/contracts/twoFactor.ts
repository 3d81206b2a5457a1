import * as v from 'valibot';
import { SecurityCode } from './auth';

/**
 * Two-factor setup (SPEC §2, §4, §7): GET /api/v2/account/settings/2fa makes a new secret for the signed-in user
 * (pending until a code of it is verified), POST /api/v2/account/verify-2fa?code= with that secret confirms it
 * and turns two-factor on at once.
 */

/** GET's answer: the secret (base32, for typing into an authenticator) and its otpauth URI as a PNG data URL. */
export const TwoFactorSetupKey = v.object({
  secret: v.string(),
  qrCode: v.pipe(v.string(), v.startsWith('data:image/png;base64,')),
});
export type TwoFactorSetupKey = v.InferOutput<typeof TwoFactorSetupKey>;

/** POST's query: the 6 digits the authenticator shows now. */
export const TwoFactorCodeQuery = v.object({ code: SecurityCode });

/**
 * POST's body: the secret being set up, so a stale dialog (a newer setup began meanwhile) is told apart, and
 * the e-mail address the settings dialog holds: two-factor needs one linked to the account (SPEC §5), and an
 * account without one links this one with the confirmed code.
 */
export const TwoFactorVerifyBody = v.object({
  secret: v.pipe(v.string('Secret is required'), v.nonEmpty('Secret is required'), v.maxLength(128)),
  email: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email('Email is invalid'))),
    null,
  ),
});
export type TwoFactorVerifyBody = v.InferOutput<typeof TwoFactorVerifyBody>;

/** The coded refusals of the two calls and of use2FA in the settings (SPEC §8's wrong-code message first). */
export const TWO_FACTOR_ERRORS = {
  TWO_FACTOR_CODE_INVALID: "Two factor authentication code it's invalid, did you set it up correctly?",
  TWO_FACTOR_SETUP_EXPIRED: 'This two-factor setup is no longer current; start it again',
  TWO_FACTOR_SETUP_REQUIRED: 'use2FA: Two-factor authentication is turned on by completing its setup',
  TWO_FACTOR_EMAIL_REQUIRED: 'use2FA: Two-factor authentication needs an e-mail linked to the account',
} as const;
export type TwoFactorErrorCode = keyof typeof TWO_FACTOR_ERRORS;
