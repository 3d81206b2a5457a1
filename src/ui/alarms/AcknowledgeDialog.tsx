import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectAcknowledgeError,
  selectAcknowledgeOpen,
  selectAcknowledgeTarget,
  selectAcknowledging,
  selectComment,
  selectCommentTooLong,
} from '../../machines/alarms/alarmAcknowledge.selectors';
import type { alarmAcknowledgeMachine } from '../../machines/alarms/alarmAcknowledgeMachine';
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { TextField } from '../primitives/TextField';
import { useMessageText, useT } from '../i18n';
import { alarmText } from './alarmText';

/** Acknowledge one alarm, with an optional comment (at most 500 characters). */
export function AcknowledgeDialog({ actor }: { actor: ActorRefFrom<typeof alarmAcknowledgeMachine> }) {
  const t = useT();
  const text = useMessageText();
  const open = useSelector(actor, selectAcknowledgeOpen);
  const target = useSelector(actor, selectAcknowledgeTarget);
  const comment = useSelector(actor, selectComment);
  const tooLong = useSelector(actor, selectCommentTooLong);
  const sending = useSelector(actor, selectAcknowledging);
  const error = useSelector(actor, selectAcknowledgeError);
  if (!open || !target) return null;
  const cancel = () => actor.send({ type: 'acknowledge.cancel' });
  return (
    <Dialog
      title={t('alarmsUi.acknowledgeTitle')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'acknowledge.send' })}
      footer={
        <>
          <Button variant="quiet" onClick={cancel}>
            {t('alarmsUi.cancel')}
          </Button>
          <Button type="submit" disabled={sending || tooLong}>
            {t('alarmsUi.acknowledge')}
          </Button>
        </>
      }
    >
      <p className="mb-3">
        {t('alarmsUi.acknowledgeWhat', { alarm: alarmText(t, target.alarm), device: target.deviceName })}
      </p>
      <TextField
        label={t('alarmsUi.comment')}
        value={comment}
        onValueChange={(value) => actor.send({ type: 'acknowledge.changeComment', text: value })}
        error={tooLong ? t('alarmsUi.commentTooLong') : null}
      />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {text(error)}
        </p>
      ) : null}
    </Dialog>
  );
}
