import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { forgotPasswordMachine } from './forgotPasswordMachine';

type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectEmail = (s: ForgotPasswordSnapshot): string => s.context.email;
export const selectEmailError = (s: ForgotPasswordSnapshot): MessageId | null => s.context.emailError;
/** The send failure shown under the form. */
export const selectSendError = (s: ForgotPasswordSnapshot): MessageId | null => s.context.error;
/** The minutes to wait that go with a `requests.throttled` send error. */
export const selectRetryMinutes = (s: ForgotPasswordSnapshot): number => s.context.retryMinutes;
export const selectIsSending = (s: ForgotPasswordSnapshot): boolean => s.matches('sending');
export const selectIsSent = (s: ForgotPasswordSnapshot): boolean => s.matches('sent');
