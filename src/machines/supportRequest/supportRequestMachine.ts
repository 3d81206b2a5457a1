import * as v from 'valibot';
import { assign, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { SupportFailure } from '../../services/api/support';
import { SupportRequest, type SupportReceipt } from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications, notify } from '../notifications/notify';
import type { SupportField, SupportRequestEvent } from './supportRequest.events';
import { notProvided } from '../notProvided';
import { failureOf } from '../serviceFailure';

export interface SupportRequestContext {
  title: string;
  description: string;
  email: string;
  /** The user's choice; it applies only while there is an e-mail (see hasEmail). */
  sendMeACopy: boolean;
  errors: Partial<Record<SupportField, MessageId>>;
  failure: MessageId | null;
}

export interface SendSupportRequest {
  request: SupportRequest;
  sendMeACopy: boolean;
}

export const hasEmail = (context: Pick<SupportRequestContext, 'email'>) => context.email.trim() !== '';

/** The contract's rules (SPEC §5) on each field, as catalogue messages. */
function fieldErrors(context: SupportRequestContext): Partial<Record<SupportField, MessageId>> {
  const { title, description, email } = SupportRequest.entries;
  const errors: Partial<Record<SupportField, MessageId>> = {};
  const titleCheck = v.safeParse(title, context.title);
  if (!titleCheck.success)
    errors.title = context.title.trim() ? 'support.titleTooLong' : 'support.titleRequired';
  const descriptionCheck = v.safeParse(description, context.description);
  if (!descriptionCheck.success)
    errors.description = context.description.trim()
      ? 'support.descriptionTooLong'
      : 'support.descriptionRequired';
  if (hasEmail(context) && !v.safeParse(email, context.email).success) errors.email = 'support.emailInvalid';
  return errors;
}

/**
 * A bug report or a feature request (SPEC §2, §5, §8): one form, the kind chosen by the `sendRequest` the app
 * provides (provideSupportRequest). Nothing changes in the account, so it ends with an empty output.
 */
export const supportRequestMachine = setup({
  types: {
    context: {} as SupportRequestContext,
    events: {} as SupportRequestEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // POST /api/v2/support/bug-report or /feature-request (provided); rejects with a SupportFailure.
    sendRequest: notProvided<SupportReceipt, SendSupportRequest>('sendRequest'),
  },
  guards: {
    formValid: ({ context }) => Object.keys(fieldErrors(context)).length === 0,
    hasEmail: ({ context }) => hasEmail(context),
    limitReached: (_, params: { error: unknown }) =>
      failureOf<SupportFailure>(params.error).kind === 'limitReached',
  },
  actions: {
    edit: assign(({ context }, params: { field: SupportField; value: string }) => ({
      [params.field]: params.value,
      errors: { ...context.errors, [params.field]: undefined },
    })),
    assignCopy: assign({ sendMeACopy: (_, params: { value: boolean }) => params.value }),
    showErrors: assign({ errors: ({ context }) => fieldErrors(context) }),
    clearFailure: assign({ failure: null }),
    showFailure: assign({ failure: (_, params: { id: MessageId }) => params.id }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'supportRequest',
  context: ({ input }) => ({
    title: '',
    description: '',
    // Support answers where the account's settings say the user reads mail, unless they type another address.
    email: input.settings.email ?? '',
    sendMeACopy: true,
    errors: {},
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The user writes a title and a description, and may give an e-mail and ask for a copy; nothing is sent until every field is right.',
      on: {
        'support.edit': { actions: { type: 'edit', params: ({ event }) => event } },
        'support.copyToggled': {
          guard: 'hasEmail',
          actions: { type: 'assignCopy', params: ({ event }) => event },
        },
        'support.submit': [
          { guard: 'formValid', target: 'sending', actions: 'clearFailure' },
          { actions: 'showErrors' },
        ],
        'support.cancel': 'cancelled',
      },
    },
    sending: {
      description: 'The request is on its way to the server, which stores it and e-mails support.',
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({
          request: {
            title: context.title.trim(),
            description: context.description.trim(),
            ...(hasEmail(context) ? { email: context.email.trim() } : {}),
            status: 'OPEN' as const,
          },
          sendMeACopy: context.sendMeACopy && hasEmail(context),
        }),
        onDone: {
          target: 'sent',
          actions: notify('success', 'support.sent'),
        },
        onError: [
          {
            guard: { type: 'limitReached', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'showFailure', params: { id: 'support.limitReached' } },
          },
          {
            target: 'editing',
            actions: { type: 'showFailure', params: { id: 'support.sendFailed' } },
          },
        ],
      },
    },
    sent: {
      description: 'Support has the request; the dialog closes with a thank-you.',
      type: 'final',
    },
    cancelled: {
      description: 'The user closed the dialog without sending.',
      type: 'final',
    },
  },
  // Nothing of the account changed either way.
  output: () => ({}),
});
