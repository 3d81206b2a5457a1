import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectIsSignedIn } from '../../machines/app/app.selectors';
import { ROUTES } from '../../machines/app/routes';
import {
  selectEmail,
  selectEmailError,
  selectIsSending,
  selectIsSent,
  selectRetryMinutes,
  selectSendError,
} from '../../machines/forgotPassword/forgotPassword.selectors';
import { RECOVERY_TOKEN_TTL_MINUTES } from '#contracts';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { ErrorAlert } from '../primitives/ErrorAlert';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';
import { GuestCard, GuestForm, guestLinkClass } from './GuestCard';
import { useGuestMachines } from './guestMachines';

/** /forgot-password. Renders nothing while signed in: the guard is redirecting home. */
export function ForgotPasswordScreen() {
  const signedIn = AppActor.useSelector(selectIsSignedIn);
  return signedIn ? null : <ForgotPasswordCard />;
}

function ForgotPasswordCard() {
  const t = useT();
  const { logic, inspect } = useGuestMachines();
  const recovery = useActorRef(logic.forgotPassword, { inspect });
  const email = useSelector(recovery, selectEmail);
  const emailError = useSelector(recovery, selectEmailError);
  const sendError = useSelector(recovery, selectSendError);
  const retryMinutes = useSelector(recovery, selectRetryMinutes);
  const sending = useSelector(recovery, selectIsSending);
  const sent = useSelector(recovery, selectIsSent);

  return (
    <GuestCard heading={t('password.forgotHeading')}>
      {sent ? (
        <p role="status">
          {t('password.sent', { email: email.trim(), minutes: RECOVERY_TOKEN_TTL_MINUTES })}
        </p>
      ) : (
        <GuestForm onSubmit={() => recovery.send({ type: 'forgotPassword.submit' })}>
          <p className="text-sm text-muted">{t('password.forgotIntro')}</p>
          <TextField
            label={t('password.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={(value) => recovery.send({ type: 'forgotPassword.edit', value })}
            error={emailError && t(emailError)}
          />
          <Button type="submit" disabled={sending}>
            {t('password.send')}
          </Button>
          {sendError ? <ErrorAlert>{t(sendError, { minutes: retryMinutes })}</ErrorAlert> : null}
        </GuestForm>
      )}
      <Link href={ROUTES.login} className={guestLinkClass}>
        {t('password.backToSignIn')}
      </Link>
    </GuestCard>
  );
}
