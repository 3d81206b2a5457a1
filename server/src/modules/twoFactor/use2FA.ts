import { TWO_FACTOR_ERRORS } from '#contracts';
import { badRequest } from '../../errors';

/** What the user row says about two-factor. */
export interface TwoFactorState {
  mfaEnabled: boolean;
  /** A code of the user's secret was verified (a completed setup, or two-factor already on). */
  mfaConfirmed: boolean;
}

export type TwoFactorPatch =
  { mfaEnabled: true } | { mfaEnabled: false; mfaSecret: null; mfaPendingSecret: null };

/**
 * The change a settings save with `use2FA` makes (SPEC §5: two-factor only with an e-mail linked): on needs a
 * completed setup and an e-mail, off forgets the secrets so the next time starts with a new setup. Nothing when
 * it is already as asked.
 */
export function use2FAChange(
  current: TwoFactorState,
  use2FA: boolean,
  email: string | null,
): TwoFactorPatch | null {
  if (!use2FA) {
    return current.mfaEnabled || current.mfaConfirmed
      ? { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null }
      : null;
  }
  if (!current.mfaConfirmed) {
    throw badRequest('TWO_FACTOR_SETUP_REQUIRED', TWO_FACTOR_ERRORS.TWO_FACTOR_SETUP_REQUIRED);
  }
  if (!email) throw badRequest('TWO_FACTOR_EMAIL_REQUIRED', TWO_FACTOR_ERRORS.TWO_FACTOR_EMAIL_REQUIRED);
  return current.mfaEnabled ? null : { mfaEnabled: true };
}
