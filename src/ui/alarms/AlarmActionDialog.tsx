import type { ReactNode } from 'react';
import type { ActiveAlarm } from '#contracts';
import type { MessageId } from '../../i18n/messages';
import type { Message } from '../../machines/message';
import { FormDialog } from '../primitives/Dialog';
import { useMessageText, useT } from '../i18n';
import { alarmText } from './alarmText';

interface AlarmActionDialogProps {
  title: string;
  /** The sentence naming the alarm and its device (values `alarm` and `device`). */
  what: MessageId;
  target: { alarm: ActiveAlarm; deviceName: string };
  cancelLabel: string;
  submitLabel: string;
  /** While it sends, or while a field is not acceptable. */
  submitDisabled: boolean;
  /** The server's refusal or the failure of the request, said under the fields. */
  error: Message | null;
  onCancel: () => void;
  onSubmit: () => void;
  /** The fields the action takes. */
  children: ReactNode;
}

/** One action on one alarm (acknowledge, shelve): what it is about, its fields, cancel or do it, why it failed. */
export function AlarmActionDialog({
  title,
  what,
  target,
  cancelLabel,
  submitLabel,
  submitDisabled,
  error,
  onCancel,
  onSubmit,
  children,
}: AlarmActionDialogProps) {
  const t = useT();
  const text = useMessageText();
  return (
    <FormDialog
      title={title}
      onCancel={onCancel}
      onSubmit={onSubmit}
      submitLabel={submitLabel}
      cancelLabel={cancelLabel}
      submitDisabled={submitDisabled}
    >
      <p className="mb-3">{t(what, { alarm: alarmText(t, target.alarm), device: target.deviceName })}</p>
      {children}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {text(error)}
        </p>
      ) : null}
    </FormDialog>
  );
}
