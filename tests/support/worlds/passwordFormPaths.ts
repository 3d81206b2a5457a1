import type { passwordResetMachine } from '../../../src/machines/passwordReset/passwordResetMachine';

// The new-password form as the path tests of /setup-password and /recover-password type into it: in jsdom
// (tests/paths/passwordResetMachine.view-paths.test.tsx) and in Chromium (tests/e2e/paths/passwordSetup.test.ts).

type ResetModelEvent = Parameters<typeof passwordResetMachine.transition>[1];

/** A password SPEC §5 accepts; the paths also type one too short and a confirmation that differs. */
export const GOOD_PASSWORD = 'Secret123';

/** What the user does in the form: each field typed right or wrong, the password shown, the form sent. */
export const passwordFormEvents: ResetModelEvent[] = [
  { type: 'passwordReset.edit', field: 'password', value: GOOD_PASSWORD },
  { type: 'passwordReset.edit', field: 'password', value: 'secret' },
  { type: 'passwordReset.edit', field: 'confirmation', value: GOOD_PASSWORD },
  { type: 'passwordReset.edit', field: 'confirmation', value: 'Other1234' },
  { type: 'passwordReset.togglePasswordVisibility' },
  { type: 'passwordReset.submit' },
];

/** SPEC §5 for the new password, as the form names each field's fault (null: none). */
export function passwordFieldErrors({ password, confirmation }: { password: string; confirmation: string }) {
  const passwordError =
    password === ''
      ? 'Password is required'
      : password !== GOOD_PASSWORD
        ? 'Password length must be higher than 7'
        : null;
  const confirmationError =
    confirmation === ''
      ? 'Confirmation is required'
      : confirmation !== password
        ? 'Confirmation does not match the password'
        : null;
  return { password: passwordError, confirmation: confirmationError };
}
