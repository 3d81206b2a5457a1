import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link, useSearch } from 'wouter';
import { selectIsSignedIn } from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import {
  selectCheckFailed,
  selectFormError,
  selectIsCheckingToken,
  selectIsDone,
  selectIsInvalid,
  selectUsername,
} from '../../machines/passwordReset/passwordReset.selectors';
import type {
  passwordResetMachine,
  PasswordResetKind,
} from '../../machines/passwordReset/passwordResetMachine';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { ErrorAlert } from '../primitives/ErrorAlert';
import { Loading } from '../Loading';
import { Button } from '../primitives/Button';
import { GuestCard, guestLinkClass } from './GuestCard';
import { useGuestMachines } from './guestMachines';
import { NewPasswordForm } from './NewPasswordForm';

type PasswordReset = ActorRefFrom<typeof passwordResetMachine>;

/** /recover-password and /setup-password, reached by the e-mailed link. Nothing while signed in (the guard redirects). */
export function PasswordResetScreen({ kind }: { kind: PasswordResetKind }) {
  const signedIn = AppActor.useSelector(selectIsSignedIn);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // Another link is another reset: a fresh actor checks its token.
  return signedIn ? null : <PasswordResetCard key={`${kind}:${token}`} kind={kind} token={token} />;
}

function PasswordResetCard({ kind, token }: { kind: PasswordResetKind; token: string }) {
  const t = useT();
  const { logic, inspect } = useGuestMachines();
  const reset = useActorRef(logic.passwordReset, { input: { kind, token }, inspect });
  const username = useSelector(reset, selectUsername);
  const done = useSelector(reset, selectIsDone);
  return (
    <GuestCard heading={t(kind === 'setup' ? 'password.setupHeading' : 'password.recoverHeading')}>
      {username ? <p className="text-center">{t('password.forUser', { username })}</p> : null}
      <ResetStep reset={reset} kind={kind} />
      <Link href={ROUTES.login} className={guestLinkClass}>
        {t(done ? 'password.signIn' : 'password.backToSignIn')}
      </Link>
    </GuestCard>
  );
}

/** What the reset asks or says now: the form, a dead link, a failed check, or that it is done. */
function ResetStep({ reset, kind }: { reset: PasswordReset; kind: PasswordResetKind }) {
  const t = useT();
  const invalid = useSelector(reset, selectIsInvalid);
  const checkFailed = useSelector(reset, selectCheckFailed);
  const done = useSelector(reset, selectIsDone);
  const error = useSelector(reset, selectFormError);
  const checking = useSelector(reset, selectIsCheckingToken);
  if (checking) return <Loading />;
  if (invalid)
    return (
      <ErrorAlert>
        {t(kind === 'setup' ? 'password.setupTokenInvalid' : 'password.recoveryTokenInvalid')}
      </ErrorAlert>
    );
  if (checkFailed)
    return (
      <>
        <ErrorAlert>{t('password.checkFailed')}</ErrorAlert>
        <Button onClick={() => reset.send({ type: 'passwordReset.retry' })}>{t('password.retry')}</Button>
      </>
    );
  if (done) return <p role="status">{t('password.done')}</p>;
  return (
    <>
      <NewPasswordForm reset={reset} />
      {error ? <ErrorAlert>{t(error)}</ErrorAlert> : null}
    </>
  );
}
