import type { PasswordResetField } from '../../services/api/passwordRecovery';

export type PasswordResetEvent =
  | { type: 'passwordReset.edit'; field: PasswordResetField; value: string }
  | { type: 'passwordReset.togglePasswordVisibility' }
  | { type: 'passwordReset.submit' }
  /** Check the token again after the server could not be reached. */
  | { type: 'passwordReset.retry' };
