import type { SnapshotFrom } from 'xstate';
import type { MessageId } from '../../i18n/messages';
import type { SupportField } from './supportRequest.events';
import { hasEmail, type supportRequestMachine } from './supportRequestMachine';

type SupportRequestSnapshot = SnapshotFrom<typeof supportRequestMachine>;

export const selectField =
  (field: SupportField) =>
  (s: SupportRequestSnapshot): string =>
    s.context[field];
export const selectFieldError =
  (field: SupportField) =>
  (s: SupportRequestSnapshot): MessageId | null =>
    s.context.errors[field] ?? null;
/** 'Send me a copy' can be chosen: there is an e-mail to send it to. */
export const selectCanSendCopy = (s: SupportRequestSnapshot): boolean => hasEmail(s.context);
/** What the box shows: the user's choice while there is an e-mail, else off. */
export const selectSendsCopy = (s: SupportRequestSnapshot): boolean =>
  s.context.sendMeACopy && hasEmail(s.context);
export const selectIsSending = (s: SupportRequestSnapshot): boolean => s.matches('sending');
/** Why the last send failed, shown in the dialog; the user may send again. */
export const selectSendError = (s: SupportRequestSnapshot): MessageId | null => s.context.failure;
