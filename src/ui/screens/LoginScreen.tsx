import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectLoginActor, selectLoginLogo, selectTenantTitle } from '../../machines/app/app.selectors';
import { selectFormError, selectIsCodeStep } from '../../machines/login/login.selectors';
import type { loginMachine } from '../../machines/login/loginMachine';
import { AppActor } from '../appActor';
import { useMessageText, useT } from '../i18n';
import { CredentialsForm } from './CredentialsForm';
import { LanguageChoice } from './LanguageChoice';
import { SecurityCodeForm } from './SecurityCodeForm';

/** /login and /unauthorized. Renders nothing while signed in: the guard is redirecting home. */
export function LoginScreen() {
  const login = AppActor.useSelector(selectLoginActor);
  return login ? <LoginCard login={login} /> : null;
}

function LoginCard({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const t = useT();
  const messageText = useMessageText();
  const logo = AppActor.useSelector(selectLoginLogo);
  const tenant = AppActor.useSelector(selectTenantTitle);
  const codeStep = useSelector(login, selectIsCodeStep);
  const error = useSelector(login, selectFormError);

  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="flex w-full max-w-sm flex-col gap-6 rounded-lg bg-surface-raised p-8 shadow-lg">
        {logo ? <img src={logo} alt={t('login.logoAlt', { tenant })} className="mx-auto h-16" /> : null}
        <h1 className="text-center text-xl font-semibold">{t('login.heading')}</h1>
        {codeStep ? <SecurityCodeForm login={login} /> : <CredentialsForm login={login} />}
        {error ? (
          <p role="alert" className="rounded bg-error/15 px-3 py-2 text-sm text-error">
            {messageText(error)}
          </p>
        ) : null}
        <LanguageChoice />
      </div>
    </main>
  );
}
