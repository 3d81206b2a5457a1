import type { ComponentProps } from 'react';
import { SECURITY_CODE_LENGTH } from '#contracts';
import { TextField } from '../primitives/TextField';

type SecurityCodeFieldProps = Pick<
  ComponentProps<typeof TextField>,
  'label' | 'hint' | 'value' | 'onValueChange' | 'error'
>;

/** The 6-digit code an authenticator app shows (the login's second step, the two-factor setup's last). */
export function SecurityCodeField(props: SecurityCodeFieldProps) {
  return (
    <TextField
      {...props}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={SECURITY_CODE_LENGTH}
      // The step exists only to take this code, so the field takes focus as it appears.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
    />
  );
}
