import * as v from 'valibot';
import { assign, setup } from 'xstate';
import { RecoveryRequestQuery } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import type { ForgotPasswordEvent } from './forgotPassword.events';
import { notProvided } from '../notProvided';

export interface ForgotPasswordContext {
  email: string;
  emailError: MessageId | null;
  /** Why the last send failed (the server or the network); the user may send again. */
  error: MessageId | null;
}

/** The contract's e-mail rule, mapped onto the catalogue: empty is "required", anything else "invalid". */
export function emailError(value: string): MessageId | null {
  const result = v.safeParse(RecoveryRequestQuery.entries.email, value);
  if (result.success) return null;
  return value.trim() === '' ? 'password.emailRequired' : 'password.emailInvalid';
}

/** /forgot-password: an e-mail address is asked for and a recovery link is requested for it (SPEC §2, §7). */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    // Provided by the composition root (PUT /api/v2/account/recover-password?email=).
    requestRecovery: notProvided<void, { email: string }>('requestRecovery'),
  },
  guards: {
    emailValid: ({ context }) => emailError(context.email) === null,
  },
  actions: {
    editEmail: assign(({ event }) =>
      event.type === 'forgotPassword.edit' ? { email: event.value, emailError: null } : {},
    ),
    showEmailError: assign({ emailError: ({ context }) => emailError(context.email) }),
    clearErrors: assign({ emailError: null, error: null }),
    showSendFailure: assign({ error: 'password.sendFailed' as MessageId }),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', emailError: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The user types the e-mail address of their account; a bad address is refused here.',
      on: {
        'forgotPassword.edit': { actions: 'editEmail' },
        'forgotPassword.submit': [
          { guard: 'emailValid', target: 'sending', actions: 'clearErrors' },
          { actions: 'showEmailError' },
        ],
      },
    },
    sending: {
      description: 'The recovery e-mail is being requested.',
      invoke: {
        id: 'requestRecovery',
        src: 'requestRecovery',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: 'sent',
        onError: { target: 'editing', actions: 'showSendFailure' },
      },
    },
    sent: {
      description: 'The request went out: if an account has the address, a link is on its way.',
      type: 'final',
    },
  },
});
