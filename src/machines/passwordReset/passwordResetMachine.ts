import { assign, setup } from 'xstate';
import type { PasswordReset, RecoveryTokenInfo } from '#contracts';
import type { RecoveryFailure } from '../../services/api/passwordRecovery';
import type { MessageId } from '../../i18n/messages';
import type { PasswordResetEvent } from './passwordReset.events';
import { hasErrors, noPasswordErrors, passwordResetErrors, type PasswordFieldErrors } from './passwordRules';
import { notProvided } from '../notProvided';
import { failureOf } from '../serviceFailure';

export type PasswordResetKind = RecoveryTokenInfo['kind'];

export interface PasswordResetInput {
  /** /recover-password or /setup-password. */
  kind: PasswordResetKind;
  /** The `token` query parameter of the e-mailed link ('' when it has none). */
  token: string;
}

export interface PasswordResetContext extends PasswordResetInput {
  /** Whose password it is, as the token check answered. */
  username: string;
  password: string;
  confirmation: string;
  passwordVisible: boolean;
  fieldErrors: PasswordFieldErrors;
  /** Inline error under the form: the save failed for a reason other than the fields or the token. */
  error: MessageId | null;
}

/** /recover-password and /setup-password: the token is checked, then a new password is set with it (SPEC §2, §7). */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    // Provided by the composition root (GET and POST /api/v2/account/recover-password?token=); they reject
    // with a RecoveryFailure.
    checkToken: notProvided<RecoveryTokenInfo, { token: string }>('checkToken'),
    resetPassword: notProvided<void, { token: string; body: PasswordReset }>('resetPassword'),
  },
  guards: {
    // A recovery token opened on the setup route (or the reverse) is not the link the user was sent.
    tokenFitsRoute: ({ context }, params: { info: RecoveryTokenInfo }) => params.info.kind === context.kind,
    tokenDead: (_, params: { error: unknown }) =>
      failureOf<RecoveryFailure>(params.error).kind === 'tokenInvalid',
    fieldRefused: (_, params: { error: unknown }) =>
      failureOf<RecoveryFailure>(params.error).kind === 'invalidField',
    formValid: ({ context }) => !hasErrors(passwordResetErrors(context.password, context.confirmation)),
  },
  actions: {
    assignUsername: assign({ username: (_, params: { info: RecoveryTokenInfo }) => params.info.username }),
    editField: assign(({ context, event }) => {
      if (event.type !== 'passwordReset.edit') return {};
      return { [event.field]: event.value, fieldErrors: { ...context.fieldErrors, [event.field]: null } };
    }),
    togglePasswordVisibility: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    showFieldErrors: assign({
      fieldErrors: ({ context }) => passwordResetErrors(context.password, context.confirmation),
    }),
    // The server's own text: it only refuses what the shared contract let through (a newer rule).
    showServerFieldError: assign({
      fieldErrors: ({ context }, params: { error: unknown }) => {
        const failure = failureOf<RecoveryFailure>(params.error);
        if (failure.kind !== 'invalidField') return context.fieldErrors;
        return { ...context.fieldErrors, [failure.field]: { text: failure.message } };
      },
    }),
    clearErrors: assign({ fieldErrors: noPasswordErrors, error: null }),
    showSaveFailure: assign({ error: 'password.saveFailed' as MessageId }),
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    kind: input.kind,
    token: input.token,
    username: '',
    password: '',
    confirmation: '',
    passwordVisible: false,
    fieldErrors: noPasswordErrors,
    error: null,
  }),
  initial: 'checkingToken',
  states: {
    checkingToken: {
      description: "The link's token is checked: is it alive, and whose password does it set?",
      invoke: {
        id: 'checkToken',
        src: 'checkToken',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'tokenFitsRoute', params: ({ event }) => ({ info: event.output }) },
            target: 'editing',
            actions: { type: 'assignUsername', params: ({ event }) => ({ info: event.output }) },
          },
          { target: 'invalid' },
        ],
        onError: [
          {
            guard: { type: 'tokenDead', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          { target: 'checkFailed' },
        ],
      },
    },
    checkFailed: {
      description: 'The server could not be reached to check the token; the user may try again.',
      on: { 'passwordReset.retry': 'checkingToken' },
    },
    editing: {
      description: 'The user types the new password twice; the password rule is checked here.',
      on: {
        'passwordReset.edit': { actions: 'editField' },
        'passwordReset.togglePasswordVisibility': { actions: 'togglePasswordVisibility' },
        'passwordReset.submit': [
          { guard: 'formValid', target: 'saving', actions: 'clearErrors' },
          { actions: 'showFieldErrors' },
        ],
      },
    },
    saving: {
      description: 'The new password is being saved with the token.',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          token: context.token,
          body: { password: context.password },
        }),
        onDone: 'done',
        onError: [
          // Used or expired meanwhile (another tab, the link's time ran out).
          {
            guard: { type: 'tokenDead', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            guard: { type: 'fieldRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showServerFieldError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: 'showSaveFailure' },
        ],
      },
    },
    invalid: { description: 'The link is dead: used, expired or not one the server sent.', type: 'final' },
    done: { description: 'The password is set; the user may sign in with it.', type: 'final' },
  },
});
