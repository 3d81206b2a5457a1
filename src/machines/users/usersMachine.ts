import { assign, sendTo, setup } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { UserCreate, UserSummary } from '#contracts';
import type { AccountDialogInput, AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { notificationOf, notifications } from '../notifications/notify';
import {
  emptyDraft,
  failureMessage,
  isUsernameTaken,
  savedNotice,
  userFieldErrors,
  type UserDraft,
  type UserFieldErrors,
} from './userForm';
import type { UserField, UsersEvent } from './users.events';
import { notProvided } from '../notProvided';

export interface UsersContext {
  /** The signed-in administrator, whose own row offers no "disable". */
  self: string;
  users: UserSummary[];
  draft: UserDraft;
  errors: UserFieldErrors;
  /** A refusal or failure of the last create, disable or enable, shown inside the dialog. */
  failure: MessageId | null;
  /** The disable or enable waiting for its confirmation, then for the server. */
  pending: { id: string; disabled: boolean } | null;
}

export interface SetUserDisabled {
  id: string;
  disabled: boolean;
}

/** By username, ignoring case, as the server lists them. */
const byUsername = (a: UserSummary, b: UserSummary) =>
  a.username.toLowerCase() < b.username.toLowerCase() ? -1 : 1;

/**
 * The administrators' user list (SYSTEM at WRITE): creates users, who get a setup-password e-mail, and disables or
 * enables them after a confirmation. Nothing of the administrator's own account changes: it ends with an empty
 * output.
 */
export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    input: {} as AccountDialogInput,
    output: {} as AccountDialogOutput,
  },
  actors: {
    // The calls of /api/v2/admin/users (provided, see provideUsers); they reject with a UsersFailure.
    loadUsers: notProvided<UserSummary[]>('loadUsers'),
    createUser: notProvided<UserSummary, UserCreate>('createUser'),
    setUserDisabled: notProvided<UserSummary, SetUserDisabled>('setUserDisabled'),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(userFieldErrors(context.draft)).length === 0,
    usernameTaken: (_, params: { error: unknown }) => isUsernameTaken(params.error),
  },
  actions: {
    assignUsers: assign({ users: (_, params: { users: UserSummary[] }) => params.users }),
    startDraft: assign({ draft: emptyDraft, errors: {}, failure: null }),
    edit: assign(({ context }, params: { field: UserField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      errors: { ...context.errors, [params.field]: undefined },
    })),
    showErrors: assign({ errors: ({ context }) => userFieldErrors(context.draft) }),
    showUsernameTaken: assign({
      errors: ({ context }) => ({ ...context.errors, username: 'users.usernameTaken' as MessageId }),
      failure: null,
    }),
    showFailure: assign({ failure: (_, params: { error: unknown }) => failureMessage(params.error) }),
    clearFailure: assign({ failure: null }),
    askToConfirm: assign({
      pending: (_, params: { id: string; disabled: boolean }) => params,
      failure: null,
    }),
    forgetPending: assign({ pending: null }),
    /** The server's copy of a new or changed user, in its place in the list. */
    putUser: assign({
      users: ({ context }, params: { user: UserSummary }) =>
        [...context.users.filter((user) => user.id !== params.user.id), params.user].sort(byUsername),
    }),
    notify: sendTo(notifications, notificationOf),
  },
}).createMachine({
  id: 'users',
  context: ({ input }) => ({
    self: input.session.metadata.username,
    users: [],
    draft: emptyDraft,
    errors: {},
    failure: null,
    pending: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The tenant's users are being loaded.",
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: {
          target: 'list',
          actions: { type: 'assignUsers', params: ({ event }) => ({ users: event.output }) },
        },
        onError: 'loadFailed',
      },
      on: { 'users.close': 'closed' },
    },
    loadFailed: {
      description: 'The users could not be loaded; the administrator may try again or close the dialog.',
      on: { 'users.retry': 'loading', 'users.close': 'closed' },
    },
    list: {
      description:
        "The tenant's users with their role and state; a new user can be created, any other user disabled or enabled.",
      on: {
        'users.new': { target: 'creating', actions: 'startDraft' },
        'users.disable': {
          target: 'confirming',
          actions: { type: 'askToConfirm', params: ({ event }) => ({ id: event.id, disabled: true }) },
        },
        'users.enable': {
          target: 'confirming',
          actions: { type: 'askToConfirm', params: ({ event }) => ({ id: event.id, disabled: false }) },
        },
        'users.close': 'closed',
      },
    },
    creating: {
      description: 'The new-user form: username, e-mail and role.',
      initial: 'editing',
      states: {
        editing: {
          description:
            'The administrator fills in the form; nothing is sent until every field is right, and a refusal of the server shows here.',
          on: {
            'users.cancel': '#users.list',
            'users.edit': { actions: { type: 'edit', params: ({ event }) => event } },
            'users.submit': [
              { guard: 'draftValid', target: 'sending', actions: 'clearFailure' },
              { actions: 'showErrors' },
            ],
          },
        },
        sending: {
          description: 'The server creates the user and e-mails them the link to choose their password.',
          invoke: {
            id: 'createUser',
            src: 'createUser',
            input: ({ context }) => ({
              username: context.draft.username.trim(),
              email: context.draft.email.trim(),
              role: context.draft.role as UserCreate['role'],
            }),
            onDone: {
              target: '#users.list',
              actions: [
                { type: 'putUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'notify', params: ({ event }) => savedNotice(event.output, true) },
              ],
            },
            onError: [
              {
                guard: { type: 'usernameTaken', params: ({ event }) => ({ error: event.error }) },
                target: 'editing',
                actions: 'showUsernameTaken',
              },
              {
                target: 'editing',
                actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    confirming: {
      description:
        'The administrator is asked to confirm disabling (which signs the user out) or enabling a user.',
      on: {
        'users.confirm': 'switching',
        'users.cancel': { target: 'list', actions: 'forgetPending' },
      },
    },
    switching: {
      description: 'The server disables or enables the user; disabling ends all their sessions.',
      invoke: {
        id: 'setUserDisabled',
        src: 'setUserDisabled',
        input: ({ context }) => context.pending as SetUserDisabled,
        onDone: {
          target: 'list',
          actions: [
            { type: 'putUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'notify', params: ({ event }) => savedNotice(event.output, false) },
            'forgetPending',
          ],
        },
        onError: {
          target: 'list',
          actions: [
            { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            'forgetPending',
          ],
        },
      },
    },
    closed: {
      description: 'The dialog closed; the account of the administrator is unchanged.',
      type: 'final',
    },
  },
  output: () => ({}),
});
