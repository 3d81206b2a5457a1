export type ForgotPasswordEvent =
  | { type: 'forgotPassword.edit'; value: string }
  /** Send the recovery e-mail; also the retry after a failed send. */
  | { type: 'forgotPassword.submit' };
