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
import { TextField } from '../primitives/TextField';
import { useT } from '../i18n';
import { AlarmActionDialog } from './AlarmActionDialog';

/** Acknowledge one alarm, with an optional comment (at most 500 characters). */
export function AcknowledgeDialog({ actor }: { actor: ActorRefFrom<typeof alarmAcknowledgeMachine> }) {
  const t = useT();
  const open = useSelector(actor, selectAcknowledgeOpen);
  const target = useSelector(actor, selectAcknowledgeTarget);
  const comment = useSelector(actor, selectComment);
  const tooLong = useSelector(actor, selectCommentTooLong);
  const sending = useSelector(actor, selectAcknowledging);
  const error = useSelector(actor, selectAcknowledgeError);
  if (!open || !target) return null;
  return (
    <AlarmActionDialog
      title={t('alarmsUi.acknowledgeTitle')}
      what="alarmsUi.acknowledgeWhat"
      target={target}
      cancelLabel={t('alarmsUi.cancel')}
      submitLabel={t('alarmsUi.acknowledge')}
      submitDisabled={sending || tooLong}
      error={error}
      onCancel={() => actor.send({ type: 'acknowledge.cancel' })}
      onSubmit={() => actor.send({ type: 'acknowledge.send' })}
    >
      <TextField
        label={t('alarmsUi.comment')}
        value={comment}
        onValueChange={(value) => actor.send({ type: 'acknowledge.changeComment', text: value })}
        error={tooLong ? t('alarmsUi.commentTooLong') : null}
      />
    </AlarmActionDialog>
  );
}
