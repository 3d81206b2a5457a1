import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH } from './auth';

/**
 * Password recovery and setup (SPEC §2, §5, §7): one call family, /api/v2/account/recover-password, serves both.
 * A token says which it is: 'recover' (asked for on /forgot-password) or 'setup' (sent when an administrator
 * created the account). Tokens are single use and expire after RECOVERY_TOKEN_TTL_MINUTES.
 */
export const RECOVERY_TOKEN_TTL_MINUTES = 60;
export const PASSWORD_MIN_LENGTH = 8;

/** PUT ?email=: the answer is the same whether an account has the address or not. */
export const RecoveryRequestQuery = v.object({
  email: v.pipe(
    v.string('Email is required'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.maxLength(254, 'Email is invalid'),
    v.email('Email is invalid'),
  ),
});

/** GET ?token= and POST ?token=. */
export const RecoveryTokenQuery = v.object({
  token: v.pipe(
    v.string('Token is required'),
    v.nonEmpty('Token is required'),
    v.maxLength(200, 'Token is invalid'),
  ),
});

/** GET's answer for a token that may still be used. */
export const RecoveryTokenInfo = v.object({
  kind: v.picklist(['recover', 'setup']),
  username: v.string(),
});
export type RecoveryTokenInfo = v.InferOutput<typeof RecoveryTokenInfo>;

/** SPEC §5's password rule: long enough, with an uppercase letter, a lowercase letter and a digit. */
export const NewPassword = v.pipe(
  v.string('Password is required'),
  v.nonEmpty('Password is required'),
  v.minLength(PASSWORD_MIN_LENGTH, `Password length must be higher than ${PASSWORD_MIN_LENGTH - 1}`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  v.regex(/[A-Z]/, 'Password needs an uppercase letter, a lowercase letter and a digit'),
  v.regex(/[a-z]/, 'Password needs an uppercase letter, a lowercase letter and a digit'),
  v.regex(/\d/, 'Password needs an uppercase letter, a lowercase letter and a digit'),
);

/** POST's body: the new password. The form asks for it twice (NewPasswordEntry); the server needs it once. */
export const PasswordReset = v.object({ password: NewPassword });

/** The new-password form: the password and its confirmation, which must match. */
export const NewPasswordEntry = v.pipe(
  v.object({ password: NewPassword, confirmation: v.string('Confirmation is required') }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmation']],
      (input) => input.password === input.confirmation,
      'Confirmation does not match the password',
    ),
    ['confirmation'],
  ),
);
export type PasswordReset = v.InferInput<typeof PasswordReset>;

/** The coded errors of this family (SPEC §8 messages). */
export const RECOVERY_ERRORS = {
  RECOVERY_TOKEN_INVALID: 'Recovery token is invalid or expired',
  SETUP_TOKEN_INVALID: 'Setup token is invalid or expired',
} as const;
