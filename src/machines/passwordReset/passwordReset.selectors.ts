import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Message } from '../message';
import type { passwordResetMachine } from './passwordResetMachine';

type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

export const selectUsername = (s: PasswordResetSnapshot): string => s.context.username;
export const selectPassword = (s: PasswordResetSnapshot): string => s.context.password;
export const selectConfirmation = (s: PasswordResetSnapshot): string => s.context.confirmation;
export const selectPasswordVisible = (s: PasswordResetSnapshot): boolean => s.context.passwordVisible;
export const selectPasswordError = (s: PasswordResetSnapshot): Message | null =>
  s.context.fieldErrors.password;
export const selectConfirmationError = (s: PasswordResetSnapshot): Message | null =>
  s.context.fieldErrors.confirmation;
/** The inline error under the form (a failed save or token check). */
export const selectFormError = (s: PasswordResetSnapshot): MessageId | null => s.context.error;
export const selectIsCheckingToken = (s: PasswordResetSnapshot): boolean => s.matches('checkingToken');
export const selectCheckFailed = (s: PasswordResetSnapshot): boolean => s.matches('checkFailed');
export const selectIsSaving = (s: PasswordResetSnapshot): boolean => s.matches('saving');
export const selectIsInvalid = (s: PasswordResetSnapshot): boolean => s.matches('invalid');
export const selectIsDone = (s: PasswordResetSnapshot): boolean => s.matches('done');
