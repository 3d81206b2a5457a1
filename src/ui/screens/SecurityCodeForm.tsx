import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/loginMachine';
import { selectCode, selectCodeError, selectIsBusy } from '../../machines/login/login.selectors';
import { SECURITY_CODE_LENGTH } from '#contracts';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';

/** Second step of SPEC §2's login: the 6-digit code of an account with two-factor on. */
export function SecurityCodeForm({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const t = useT();
  const code = useSelector(login, selectCode);
  const codeError = useSelector(login, selectCodeError);
  const busy = useSelector(login, selectIsBusy);

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        login.send({ type: 'login.submit' });
      }}
    >
      <p className="text-sm text-muted">{t('login.securityCodeHint')}</p>
      <TextField
        label={t('login.securityCode')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SECURITY_CODE_LENGTH}
        // The step exists only to take this code, so the field takes focus as it appears.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        value={code}
        onValueChange={(value) => login.send({ type: 'login.edit', field: 'code', value })}
        error={codeError && t(codeError)}
      />
      <div className="flex justify-between gap-2">
        <Button variant="quiet" onClick={() => login.send({ type: 'login.back' })}>
          {t('login.back')}
        </Button>
        <Button type="submit" disabled={busy}>
          {t('login.verify')}
        </Button>
      </div>
    </form>
  );
}
