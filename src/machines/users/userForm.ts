import * as v from 'valibot';
import type { MessageId } from '../../i18n/messages';
import { UserCreate, type UserErrorCode, type UserRole, type UserSummary } from '#contracts';
import type { UsersFailure } from '../../services/api/users';
import type { NotifyParams } from '../notifications/notify';
import type { UserField } from './users.events';

export interface UserDraft {
  username: string;
  email: string;
  /** '' until the administrator chooses one: the grants of a role are never given by default. */
  role: UserRole | '';
}

export type UserFieldErrors = Partial<Record<UserField, MessageId>>;

export const emptyDraft: UserDraft = { username: '', email: '', role: '' };

/** The contract's rules on each field (what the server checks too), as catalogue messages. */
export function userFieldErrors(draft: UserDraft): UserFieldErrors {
  const { username, email, role } = UserCreate.entries;
  const errors: UserFieldErrors = {};
  if (!v.safeParse(username, draft.username).success)
    errors.username = draft.username.trim() ? 'users.usernameTooLong' : 'users.usernameRequired';
  if (!v.safeParse(email, draft.email).success)
    errors.email = draft.email.trim() ? 'users.emailInvalid' : 'users.emailRequired';
  if (!v.safeParse(role, draft.role).success) errors.role = 'users.roleRequired';
  return errors;
}

const MESSAGE_OF: Record<UserErrorCode, MessageId> = {
  USERNAME_TAKEN: 'users.usernameTaken',
  USER_NOT_FOUND: 'users.notFound',
  CANNOT_DISABLE_SELF: 'users.cannotDisableSelf',
  GRANTS_EXCEEDED: 'users.grantsExceeded',
  ACCOUNT_DISABLED: 'users.saveFailed',
};

/** What the dialog says of a failed call: the server's rule by its code, else that it could not be saved. */
export function failureMessage(error: unknown): MessageId {
  const failure = error as Partial<UsersFailure> | null;
  return failure?.kind === 'refused' && failure.code ? MESSAGE_OF[failure.code] : 'users.saveFailed';
}

/** A refusal that belongs on a field (the username is taken) rather than above the form. */
export const isUsernameTaken = (error: unknown) =>
  (error as Partial<UsersFailure> | null)?.kind === 'refused' &&
  (error as { code?: string }).code === 'USERNAME_TAKEN';

/** The toast of a saved user: created (saying where the setup e-mail went), disabled or enabled. */
export const savedNotice = (user: UserSummary, created: boolean): NotifyParams =>
  created
    ? { kind: 'success', id: 'users.created', values: { username: user.username, email: user.email ?? '' } }
    : {
        kind: 'success',
        id: user.disabled ? 'users.disabled' : 'users.enabled',
        values: { username: user.username },
      };
