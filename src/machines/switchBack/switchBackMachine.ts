import { assign, sendTo, setup } from 'xstate';
import type { SwitchFailure } from '../../services/api/switchAccount';
import type { Session } from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications } from '../notifications/notify';
import { failureMessage, switchFailureOf } from '../switchAccount/switchFailure';
import type { SwitchBackEvent } from './switchBack.events';
import { notProvided } from '../notProvided';

export interface SwitchBackContext {
  /** The administrator's username (token.source): whom the user returns to. */
  administrator: string;
  failure: SwitchFailure | null;
  session: Session | null;
}

/**
 * Switch back (SPEC §4): chosen from the account menu while acting as another account, it calls switch-back at
 * once and ends with the administrator's own session (the app stores it and reloads), or with nothing when the user
 * gives up after a failure.
 */
export const switchBackMachine = setup({
  types: {
    context: {} as SwitchBackContext,
    events: {} as SwitchBackEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    switchBack: notProvided<Session>('switchBack'),
  },
  actions: {
    assignFailure: assign({ failure: (_, params: { error: unknown }) => switchFailureOf(params.error) }),
    notifyFailed: sendTo(notifications, ({ context }) =>
      notificationOf(undefined, { kind: 'error', id: failureMessage(context.failure, 'switchBack.failed') }),
    ),
    assignSession: assign({ session: (_, params: { session: Session }) => params.session }),
  },
}).createMachine({
  id: 'switchBack',
  context: ({ input }) => ({
    administrator: input.session.token.source ?? '',
    failure: null,
    session: null,
  }),
  initial: 'switching',
  states: {
    switching: {
      description: "Returning to the administrator's own account; a small dialog says so.",
      invoke: {
        id: 'switchBack',
        src: 'switchBack',
        onDone: {
          target: 'switched',
          actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            'notifyFailed',
          ],
        },
      },
    },
    failed: {
      description: 'Switching back failed: the dialog says why; the user tries again or stays as they are.',
      on: { 'switchBack.retry': 'switching', 'switchBack.cancel': 'cancelled' },
    },
    switched: {
      description: 'Back as the administrator: the app stores the session and reloads.',
      type: 'final',
    },
    cancelled: { description: 'The user stays as the other account.', type: 'final' },
  },
  output: ({ context }) => (context.session ? { session: context.session } : {}),
});
