import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectMinutesInvalid,
  selectReasonMissing,
  selectShelveError,
  selectShelveMinutes,
  selectShelveOpen,
  selectShelveReason,
  selectShelveTarget,
  selectShelving,
} from '../../machines/alarms/alarmShelving.selectors';
import type { alarmShelvingMachine } from '../../machines/alarms/alarmShelvingMachine';
import { TextField } from '../primitives/TextField';
import { useT } from '../i18n';
import { AlarmActionDialog } from './AlarmActionDialog';

/** ISA-18.2 shelve: for how many minutes (at most the tenant's maximum, which the server checks) and why. */
export function ShelveDialog({ actor }: { actor: ActorRefFrom<typeof alarmShelvingMachine> }) {
  const t = useT();
  const open = useSelector(actor, selectShelveOpen);
  const target = useSelector(actor, selectShelveTarget);
  const minutes = useSelector(actor, selectShelveMinutes);
  const reason = useSelector(actor, selectShelveReason);
  const minutesInvalid = useSelector(actor, selectMinutesInvalid);
  const reasonMissing = useSelector(actor, selectReasonMissing);
  const sending = useSelector(actor, selectShelving);
  const error = useSelector(actor, selectShelveError);
  if (!open || !target) return null;
  return (
    <AlarmActionDialog
      title={t('alarmShelving.title')}
      what="alarmShelving.what"
      target={target}
      cancelLabel={t('alarmShelving.cancel')}
      submitLabel={t('alarmShelving.shelve')}
      submitDisabled={sending || minutesInvalid || reasonMissing}
      error={error}
      onCancel={() => actor.send({ type: 'shelve.cancel' })}
      onSubmit={() => actor.send({ type: 'shelve.send' })}
    >
      <div className="flex flex-col gap-3">
        <TextField
          label={t('alarmShelving.minutes')}
          inputMode="numeric"
          value={minutes}
          onValueChange={(value) => actor.send({ type: 'shelve.changeMinutes', text: value })}
          error={minutesInvalid ? t('alarmShelving.minutesInvalid') : null}
        />
        <TextField
          label={t('alarmShelving.reason')}
          value={reason}
          onValueChange={(value) => actor.send({ type: 'shelve.changeReason', text: value })}
          // Said as what the field needs, not as an error: the dialog opens with it empty.
          required
          hint={reasonMissing ? t('alarmShelving.reasonMissing') : null}
        />
      </div>
    </AlarmActionDialog>
  );
}
