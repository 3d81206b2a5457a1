import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectLoginActor } from '../../machines/app/app.selectors';
import { selectFormError, selectIsCodeStep } from '../../machines/login/login.selectors';
import type { loginMachine } from '../../machines/login/loginMachine';
import { AppActor } from '../appActor';
import { useMessageText, useT } from '../i18n';
import { ErrorAlert } from '../primitives/ErrorAlert';
import { CredentialsForm } from './CredentialsForm';
import { GuestCard } from './GuestCard';
import { SecurityCodeForm } from './SecurityCodeForm';

/** /login and /unauthorized. Renders nothing while signed in: the guard is redirecting home. */
export function LoginScreen() {
  const login = AppActor.useSelector(selectLoginActor);
  return login ? <LoginCard login={login} /> : null;
}

function LoginCard({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const t = useT();
  const messageText = useMessageText();
  const codeStep = useSelector(login, selectIsCodeStep);
  const error = useSelector(login, selectFormError);

  return (
    <GuestCard heading={t('login.heading')}>
      {codeStep ? <SecurityCodeForm login={login} /> : <CredentialsForm login={login} />}
      {error ? <ErrorAlert>{messageText(error)}</ErrorAlert> : null}
    </GuestCard>
  );
}
