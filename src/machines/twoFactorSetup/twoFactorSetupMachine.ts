import * as v from 'valibot';
import { assign, setup } from 'xstate';
import { SecurityCode, type TwoFactorSetupKey } from '#contracts';
import type { TwoFactorFailure } from '../../services/api/twoFactor';
import type { Message } from '../message';
import type { TwoFactorSetupEvent, TwoFactorSetupInput, TwoFactorSetupOutput } from './twoFactorSetup.events';
import { notProvided } from '../notProvided';
import { failureOf } from '../serviceFailure';

export interface TwoFactorSetupContext extends TwoFactorSetupKey {
  /** Linked with the code when the account has no e-mail yet (SPEC §5: two-factor only with one). */
  email: string | null;
  code: string;
  /** Under the code field: its format, or why the server did not accept it. */
  codeError: Message | null;
}

/** SPEC §8's texts for a refused code; a lockout is told in the server's words (until when). */
function refusalOf(error: unknown): Message {
  const failure = failureOf<TwoFactorFailure>(error);
  if (failure.kind === 'codeInvalid') return { id: 'twoFactor.codeInvalid' };
  if (failure.kind === 'locked' && failure.message) return { text: failure.message };
  if (failure.kind === 'throttled')
    return { id: 'requests.throttled', values: { minutes: String(failure.minutes) } };
  return { id: 'twoFactor.verifyFailed' };
}

/**
 * The two-factor setup dialog (SPEC §2, §4): a new secret is fetched, shown as a QR code (step 1) and as text
 * to type or copy (step 2), and confirmed with a 6-digit code of it (step 3). Run by the account settings
 * dialog's machine; it ends with `enabled` true only after the server accepted a code, which turned two-factor
 * on.
 */
export const twoFactorSetupMachine = setup({
  types: {
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
    input: {} as TwoFactorSetupInput,
    output: {} as TwoFactorSetupOutput,
  },
  actors: {
    // Provided (provideTwoFactorSetup): GET /api/v2/account/settings/2fa, POST verify-2fa (rejects with a
    // TwoFactorFailure), and the clipboard.
    fetchSetupKey: notProvided<TwoFactorSetupKey>('fetchSetupKey'),
    verifyCode: notProvided<void, { secret: string; code: string; email: string | null }>('verifyCode'),
    copyText: notProvided<void, { text: string }>('copyText'),
  },
  guards: {
    // SPEC §5: exactly 6 digits, checked before anything is sent.
    codeWellFormed: ({ context }) => v.is(SecurityCode, context.code),
  },
  actions: {
    assignSetupKey: assign((_, params: { key: TwoFactorSetupKey }) => ({ ...params.key })),
    editCode: assign((_, params: { value: string }) => ({ code: params.value, codeError: null })),
    showFormatError: assign({ codeError: { id: 'twoFactor.codeFormat' } as Message }),
    showRefusal: assign({ codeError: (_, params: { error: unknown }) => refusalOf(params.error) }),
    clearCodeError: assign({ codeError: null }),
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: ({ input }) => ({ secret: '', qrCode: '', email: input.email, code: '', codeError: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'A new secret and its QR code are fetched for the signed-in user.',
      invoke: {
        id: 'fetchSetupKey',
        src: 'fetchSetupKey',
        onDone: {
          target: 'scanning',
          actions: { type: 'assignSetupKey', params: ({ event }) => ({ key: event.output }) },
        },
        onError: 'loadFailed',
      },
      on: { 'twoFactor.cancel': 'cancelled' },
    },
    loadFailed: {
      description:
        'The setup key could not be loaded; the user tries again or closes (two-factor stays off).',
      on: { 'twoFactor.retry': 'loading', 'twoFactor.cancel': 'cancelled' },
    },
    scanning: {
      description: 'Step 1: the QR code is shown for an authenticator app to scan.',
      on: { 'twoFactor.next': 'typingSecret', 'twoFactor.cancel': 'cancelled' },
    },
    typingSecret: {
      description: 'Step 2: the secret is shown to type into the app by hand, or to copy to the clipboard.',
      initial: 'idle',
      on: {
        'twoFactor.next': 'enteringCode',
        'twoFactor.back': 'scanning',
        'twoFactor.cancel': 'cancelled',
      },
      states: {
        idle: {
          description: 'Nothing copied yet.',
          on: { 'twoFactor.copy': 'copying' },
        },
        copying: {
          description: 'The secret is being written to the clipboard.',
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.secret }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: 'The secret is on the clipboard; the user is told so.',
          on: { 'twoFactor.copy': 'copying' },
        },
        copyFailed: {
          description: 'The browser refused the clipboard; the user is told to copy the secret by hand.',
          on: { 'twoFactor.copy': 'copying' },
        },
      },
    },
    enteringCode: {
      description: 'Step 3: the user types the 6-digit code the app shows now.',
      on: {
        'twoFactor.editCode': { actions: { type: 'editCode', params: ({ event }) => event } },
        'twoFactor.submit': [
          { guard: 'codeWellFormed', target: 'verifying', actions: 'clearCodeError' },
          { actions: 'showFormatError' },
        ],
        'twoFactor.back': 'typingSecret',
        'twoFactor.cancel': 'cancelled',
      },
    },
    verifying: {
      description: 'The code is checked by the server against the new secret.',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ secret: context.secret, code: context.code.trim(), email: context.email }),
        onDone: 'verified',
        onError: {
          target: 'enteringCode',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    verified: {
      description: 'The server accepted the code and turned two-factor on.',
      type: 'final',
      output: { enabled: true },
    },
    cancelled: {
      description: 'Closed or failed before a code was accepted: two-factor stays off (SPEC §4).',
      type: 'final',
      output: { enabled: false },
    },
  },
  output: ({ event }) => event.output as TwoFactorSetupOutput,
});
