import { assign, sendTo, setup } from 'xstate';
import type { LoginRequest, Session } from '#contracts';
import type { LoginFailure, LoginOutcome } from '../../services/api';
import type { MessageId } from '../../i18n/messages';
import type { Message } from '../message';
import type { LoginEvent, LoginField } from './login.events';
import { codeError, passwordError, usernameError } from './loginValidation';
import { notificationOf, notifications } from '../notifications/notify';
import { notProvided } from '../notProvided';
import { failureOf } from '../serviceFailure';

export interface LoginInput {
  /** Tenant name from the theme ('' before it loads; the server also knows the tenant from the host). */
  domain: string;
}

export interface LoginContext {
  domain: string;
  username: string;
  password: string;
  code: string;
  rememberMe: boolean;
  passwordVisible: boolean;
  fieldErrors: Record<LoginField, MessageId | null>;
  /** Inline error under the form (invalid credentials, lockout text, generic failure). */
  error: Message | null;
  session: Session | null;
}

const noFieldErrors = { username: null, password: null, code: null };

const failureKind = (error: unknown): LoginFailure['kind'] => failureOf<LoginFailure>(error).kind;

/** The login body: the trimmed credentials, and for the second step the security code. */
function loginRequest(context: LoginContext, mfaCode?: string): LoginRequest {
  const credentials = {
    username: context.username.trim(),
    password: context.password.trim(),
    domain: context.domain,
    rememberMe: context.rememberMe,
  };
  return mfaCode === undefined
    ? { ...credentials, type: 'DOMAIN' }
    : { ...credentials, type: 'DOMAIN_MFA', mfaCode };
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as { session: Session | null },
  },
  actors: {
    // Provided by the composition root (POST /api/login); rejects with a LoginFailure.
    authenticate: notProvided<LoginOutcome, LoginRequest>('authenticate'),
  },
  guards: {
    credentialsValid: ({ context }) =>
      usernameError(context.username) === null && passwordError(context.password) === null,
    codeValid: ({ context }) => codeError(context.code) === null,
    needsSecurityCode: (_, params: { outcome: LoginOutcome }) => params.outcome.kind === 'mfaRequired',
    refusedCredentials: (_, params: { error: unknown }) => failureKind(params.error) === 'invalidCredentials',
    lockedOut: (_, params: { error: unknown }) => failureKind(params.error) === 'locked',
    throttled: (_, params: { error: unknown }) => failureKind(params.error) === 'throttled',
  },
  actions: {
    editField: assign(({ context, event }) => {
      if (event.type !== 'login.edit') return {};
      return {
        [event.field]: event.value,
        fieldErrors: { ...context.fieldErrors, [event.field]: null },
      };
    }),
    toggleRememberMe: assign({ rememberMe: ({ context }) => !context.rememberMe }),
    togglePasswordVisibility: assign({ passwordVisible: ({ context }) => !context.passwordVisible }),
    showCredentialErrors: assign({
      fieldErrors: ({ context }) => ({
        ...context.fieldErrors,
        username: usernameError(context.username),
        password: passwordError(context.password),
      }),
    }),
    showCodeError: assign({
      fieldErrors: ({ context }) => ({ ...context.fieldErrors, code: codeError(context.code) }),
    }),
    clearErrors: assign({ fieldErrors: noFieldErrors, error: null }),
    clearCode: assign({ code: '' }),
    showError: assign({ error: (_, params: { id: MessageId }) => ({ id: params.id }) }),
    showLockedMessage: assign({
      error: (_, params: { error: unknown }) => ({
        text: (params.error as { message?: string }).message ?? '',
      }),
    }),
    // Too many attempts from this network: said inline, in the user's language, with the server's wait.
    showThrottled: assign({
      error: (_, params: { error: unknown }) => ({
        id: 'login.throttled' as const,
        values: { minutes: String((params.error as { minutes?: number }).minutes ?? 0) },
      }),
    }),
    assignSession: assign({
      session: (_, params: { outcome: LoginOutcome }) =>
        params.outcome.kind === 'session' ? params.outcome.session : null,
    }),
    // Errors after a code was sent are toasts: the code dialog stays focused on the code.
    notify: sendTo(notifications, (_, params: { id: MessageId }) =>
      notificationOf(undefined, { kind: 'error', id: params.id }),
    ),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    domain: input.domain,
    username: '',
    password: '',
    code: '',
    rememberMe: false,
    passwordVisible: false,
    fieldErrors: noFieldErrors,
    error: null,
    session: null,
  }),
  initial: 'editingCredentials',
  output: ({ context }) => ({ session: context.session }),
  states: {
    editingCredentials: {
      description:
        'The login form asks for user name and password; refused credentials, a lockout or too many attempts from the network show a message.',
      on: {
        'login.edit': { actions: 'editField' },
        'login.toggleRememberMe': { actions: 'toggleRememberMe' },
        'login.togglePasswordVisibility': { actions: 'togglePasswordVisibility' },
        'login.submit': [
          { guard: 'credentialsValid', target: 'authenticating', actions: 'clearErrors' },
          { actions: 'showCredentialErrors' },
        ],
      },
    },
    authenticating: {
      description: 'The user name and password are being checked.',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => loginRequest(context),
        onDone: [
          {
            guard: { type: 'needsSecurityCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editingCode',
            actions: 'clearCode',
          },
          {
            target: 'signedIn',
            actions: { type: 'assignSession', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'refusedCredentials', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCredentials',
            actions: { type: 'showError', params: { id: 'login.invalidCredentials' } },
          },
          {
            guard: { type: 'lockedOut', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCredentials',
            actions: { type: 'showLockedMessage', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCredentials',
            actions: { type: 'showThrottled', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editingCredentials',
            actions: {
              type: 'showError',
              // A disabled account is told as such (only to someone who knew its password).
              params: ({ event }) => ({
                id: failureKind(event.error) === 'disabled' ? 'login.accountDisabled' : 'login.genericError',
              }),
            },
          },
        ],
      },
    },
    editingCode: {
      description: 'The second step asks for the security code from the authenticator app.',
      on: {
        'login.edit': { actions: 'editField' },
        'login.submit': [
          { guard: 'codeValid', target: 'verifyingCode', actions: 'clearErrors' },
          { actions: 'showCodeError' },
        ],
        'login.back': { target: 'editingCredentials', actions: ['clearErrors', 'clearCode'] },
      },
    },
    verifyingCode: {
      description: 'The security code is being checked.',
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => loginRequest(context, context.code.trim()),
        onDone: [
          {
            // A second 202 means the server did not accept the code.
            guard: { type: 'needsSecurityCode', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editingCode',
            actions: { type: 'notify', params: { id: 'login.invalidSecurityCode' } },
          },
          {
            target: 'signedIn',
            actions: { type: 'assignSession', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'refusedCredentials', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCode',
            actions: { type: 'notify', params: { id: 'login.invalidMfaCode' } },
          },
          {
            guard: { type: 'lockedOut', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCode',
            actions: { type: 'showLockedMessage', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'throttled', params: ({ event }) => ({ error: event.error }) },
            target: 'editingCode',
            actions: { type: 'showThrottled', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editingCode',
            actions: { type: 'notify', params: { id: 'login.genericError' } },
          },
        ],
      },
    },
    signedIn: { description: 'The user is signed in; the app opens.', type: 'final' },
  },
});
