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
  /** With a `requests.throttled` error: the minutes to wait the server gave (0 when it did not say). */
  retryMinutes: number;
}

/** The minutes of a rejection that says this network asked too often, or null for any other failure. */
function throttledMinutes(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('kind' in error) || error.kind !== 'throttled')
    return null;
  return 'minutes' in error && typeof error.minutes === 'number' ? error.minutes : 0;
}

/** The contract's e-mail rule, mapped onto the catalogue: empty is "required", anything else "invalid". */
function emailError(value: string): MessageId | null {
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
    throttled: (_, params: { error: unknown }) => throttledMinutes(params.error) !== null,
  },
  actions: {
    editEmail: assign(({ event }) =>
      event.type === 'forgotPassword.edit' ? { email: event.value, emailError: null } : {},
    ),
    showEmailError: assign({ emailError: ({ context }) => emailError(context.email) }),
    clearErrors: assign({ emailError: null, error: null }),
    showSendFailure: assign({ error: 'password.sendFailed' as MessageId }),
    showThrottled: assign((_, params: { error: unknown }) => ({
      error: 'requests.throttled' as MessageId,
      retryMinutes: throttledMinutes(params.error) ?? 0,
    })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', emailError: null, error: null, retryMinutes: 0 },
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
        onError: [
          {
            // Too many requests from this network (SPEC §8's throttle): say how long to wait, not "try later".
            guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showThrottled', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: 'showSendFailure' },
        ],
      },
    },
    sent: {
      description: 'The request went out: if an account has the address, a link is on its way.',
      type: 'final',
    },
  },
});
