import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { loginMachine } from '../../machines/login/loginMachine';
import {
  selectIsBusy,
  selectPassword,
  selectPasswordError,
  selectPasswordVisible,
  selectRememberMe,
  selectUsername,
  selectUsernameError,
} from '../../machines/login/login.selectors';
import { ROUTES } from '../../machines/app/routes';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { Checkbox } from '../primitives/Checkbox';
import { TextField } from '../primitives/TextField';
import { GuestForm } from './GuestCard';
import { PasswordField } from './PasswordField';

export function CredentialsForm({ login }: { login: ActorRefFrom<typeof loginMachine> }) {
  const t = useT();
  const username = useSelector(login, selectUsername);
  const password = useSelector(login, selectPassword);
  const usernameError = useSelector(login, selectUsernameError);
  const passwordError = useSelector(login, selectPasswordError);
  const rememberMe = useSelector(login, selectRememberMe);
  const passwordVisible = useSelector(login, selectPasswordVisible);
  const busy = useSelector(login, selectIsBusy);

  return (
    <GuestForm onSubmit={() => login.send({ type: 'login.submit' })}>
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        value={username}
        onValueChange={(value) => login.send({ type: 'login.edit', field: 'username', value })}
        error={usernameError && t(usernameError)}
      />
      <PasswordField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => login.send({ type: 'login.edit', field: 'password', value })}
        error={passwordError && t(passwordError)}
        visible={passwordVisible}
        onToggleVisible={() => login.send({ type: 'login.togglePasswordVisibility' })}
      />
      <div className="flex items-center justify-between text-sm">
        <Checkbox
          label={t('login.rememberMe')}
          checked={rememberMe}
          onCheckedChange={() => login.send({ type: 'login.toggleRememberMe' })}
        />
        <Link href={ROUTES.forgotPassword} className="text-primary underline-offset-2 hover:underline">
          {t('login.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" disabled={busy}>
        {t('login.signIn')}
      </Button>
    </GuestForm>
  );
}
