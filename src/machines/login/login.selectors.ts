import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { Message } from '../message';
import type { loginMachine } from './loginMachine';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

export const selectUsername = (s: LoginSnapshot): string => s.context.username;
export const selectPassword = (s: LoginSnapshot): string => s.context.password;
export const selectCode = (s: LoginSnapshot): string => s.context.code;
export const selectRememberMe = (s: LoginSnapshot): boolean => s.context.rememberMe;
export const selectPasswordVisible = (s: LoginSnapshot): boolean => s.context.passwordVisible;
export const selectUsernameError = (s: LoginSnapshot): MessageId | null => s.context.fieldErrors.username;
export const selectPasswordError = (s: LoginSnapshot): MessageId | null => s.context.fieldErrors.password;
export const selectCodeError = (s: LoginSnapshot): MessageId | null => s.context.fieldErrors.code;
/** The inline error; a stable object reference until it changes. */
export const selectFormError = (s: LoginSnapshot): Message | null => s.context.error;
export const selectIsCodeStep = (s: LoginSnapshot): boolean =>
  s.matches('editingCode') || s.matches('verifyingCode');
export const selectIsBusy = (s: LoginSnapshot): boolean =>
  s.matches('authenticating') || s.matches('verifyingCode');
