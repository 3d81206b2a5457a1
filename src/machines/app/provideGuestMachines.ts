import { fromPromise } from 'xstate';
import type { GuestServices } from '../../services/services';
import type { PasswordReset } from '#contracts';
import { forgotPasswordMachine } from '../forgotPassword/forgotPasswordMachine';
import { passwordResetMachine } from '../passwordReset/passwordResetMachine';

/** What the machines of the signed-out screens other than login need. */
/**
 * Binds the machines of /forgot-password, /recover-password and /setup-password to the services. Their screens
 * start them (the app machine has no part in a password reset); main.tsx hands them over through a context.
 */
export function provideGuestMachines({ passwordRecovery }: GuestServices) {
  return {
    forgotPassword: forgotPasswordMachine.provide({
      actors: {
        requestRecovery: fromPromise(({ input }: { input: { email: string } }) =>
          passwordRecovery.requestPasswordRecovery(input.email),
        ),
      },
    }),
    passwordReset: passwordResetMachine.provide({
      actors: {
        checkToken: fromPromise(({ input }: { input: { token: string } }) =>
          passwordRecovery.checkRecoveryToken(input.token),
        ),
        resetPassword: fromPromise(({ input }: { input: { token: string; body: PasswordReset } }) =>
          passwordRecovery.resetPassword(input.token, input.body),
        ),
      },
    }),
  };
}

export type GuestMachines = ReturnType<typeof provideGuestMachines>;
