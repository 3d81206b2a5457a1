import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../machines/login/loginMachine';
import { selectCode, selectCodeError, selectIsBusy } from '../../machines/login/login.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { GuestForm } from './GuestCard';
import { SecurityCodeField } from './SecurityCodeField';

/** Second step of SPEC §2's login: the 6-digit code of an account with two-factor on. */
export function SecurityCodeForm({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const t = useT();
  const code = useSelector(login, selectCode);
  const codeError = useSelector(login, selectCodeError);
  const busy = useSelector(login, selectIsBusy);

  return (
    <GuestForm onSubmit={() => login.send({ type: 'login.submit' })}>
      <p className="text-sm text-muted">{t('login.securityCodeHint')}</p>
      <SecurityCodeField
        label={t('login.securityCode')}
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
    </GuestForm>
  );
}
