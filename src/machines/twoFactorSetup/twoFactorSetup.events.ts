export type TwoFactorSetupEvent =
  /** To the next step: scan → type the secret → enter a code. */
  | { type: 'twoFactor.next' }
  | { type: 'twoFactor.back' }
  /** Copy the secret to the clipboard (step 2). */
  | { type: 'twoFactor.copy' }
  | { type: 'twoFactor.editCode'; value: string }
  | { type: 'twoFactor.submit' }
  /** Ask for a setup key again after it could not be loaded. */
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.cancel' };

/** What the setup is started with: the e-mail address the settings dialog holds (null: none). */
export interface TwoFactorSetupInput {
  email: string | null;
}

/** How the setup ended: two-factor is on when a code was verified, the server turned it on (SPEC §4). */
export interface TwoFactorSetupOutput {
  enabled: boolean;
}
