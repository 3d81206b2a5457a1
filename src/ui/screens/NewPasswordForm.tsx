import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectConfirmation,
  selectConfirmationError,
  selectIsSaving,
  selectPassword,
  selectPasswordError,
  selectPasswordVisible,
} from '../../machines/passwordReset/passwordReset.selectors';
import type { passwordResetMachine } from '../../machines/passwordReset/passwordResetMachine';
import { PASSWORD_MIN_LENGTH } from '#contracts';
import { useMessageText, useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';
import { GuestForm } from './GuestCard';
import { PasswordField } from './PasswordField';

/** The new password twice, shown or hidden together like the login password (SPEC §5). */
export function NewPasswordForm({ reset }: { reset: ActorRefFrom<typeof passwordResetMachine> }) {
  const t = useT();
  const messageText = useMessageText();
  const password = useSelector(reset, selectPassword);
  const confirmation = useSelector(reset, selectConfirmation);
  const passwordError = useSelector(reset, selectPasswordError);
  const confirmationError = useSelector(reset, selectConfirmationError);
  const visible = useSelector(reset, selectPasswordVisible);
  const saving = useSelector(reset, selectIsSaving);

  return (
    <GuestForm onSubmit={() => reset.send({ type: 'passwordReset.submit' })}>
      <PasswordField
        label={t('password.newPassword')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        hint={t('password.rule', { n: PASSWORD_MIN_LENGTH })}
        onValueChange={(value) => reset.send({ type: 'passwordReset.edit', field: 'password', value })}
        error={passwordError && messageText(passwordError)}
        visible={visible}
        onToggleVisible={() => reset.send({ type: 'passwordReset.togglePasswordVisibility' })}
      />
      <TextField
        label={t('password.confirmation')}
        name="confirmation"
        type={visible ? 'text' : 'password'}
        autoComplete="new-password"
        value={confirmation}
        onValueChange={(value) => reset.send({ type: 'passwordReset.edit', field: 'confirmation', value })}
        error={confirmationError && messageText(confirmationError)}
      />
      <Button type="submit" disabled={saving}>
        {t('password.save')}
      </Button>
    </GuestForm>
  );
}
