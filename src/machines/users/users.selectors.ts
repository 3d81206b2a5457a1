import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { UserSummary } from '#contracts';
import type { UserDraft, UserFieldErrors } from './userForm';
import type { usersMachine } from './usersMachine';

type UsersSnapshot = SnapshotFrom<typeof usersMachine>;

/** Which face of the dialog shows. */
export type UsersView = 'loading' | 'loadFailed' | 'list' | 'form' | 'confirm';

export const selectView = (s: UsersSnapshot): UsersView => {
  if (s.matches('loading')) return 'loading';
  if (s.matches('loadFailed')) return 'loadFailed';
  if (s.matches('creating')) return 'form';
  if (s.matches('confirming') || s.matches('switching')) return 'confirm';
  return 'list';
};
export const selectUsers = (s: UsersSnapshot): readonly UserSummary[] => s.context.users;
export const selectSelf = (s: UsersSnapshot): string => s.context.self;
export const selectDraft = (s: UsersSnapshot): UserDraft => s.context.draft;
export const selectErrors = (s: UsersSnapshot): UserFieldErrors => s.context.errors;
export const selectFailure = (s: UsersSnapshot): MessageId | null => s.context.failure;
/** A call to the server is under way: the buttons wait. */
export const selectIsBusy = (s: UsersSnapshot): boolean =>
  s.matches({ creating: 'sending' }) || s.matches('switching');
/** The username a disable or enable waits to be confirmed for ('' when none). */
export const selectPendingUsername = (s: UsersSnapshot): string => {
  const { pending, users } = s.context;
  return (pending && users.find((user) => user.id === pending.id)?.username) ?? '';
};
/** Whether the pending change disables (else it enables). */
export const selectPendingDisables = (s: UsersSnapshot): boolean => s.context.pending?.disabled ?? false;
