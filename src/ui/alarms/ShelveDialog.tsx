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
import { Button } from '../primitives/Button';
import { Dialog } from '../primitives/Dialog';
import { TextField } from '../primitives/TextField';
import { useMessageText, useT } from '../i18n';
import { alarmText } from './alarmText';

/** ISA-18.2 shelve: for how many minutes (at most the tenant's maximum, which the server checks) and why. */
export function ShelveDialog({ actor }: { actor: ActorRefFrom<typeof alarmShelvingMachine> }) {
  const t = useT();
  const text = useMessageText();
  const open = useSelector(actor, selectShelveOpen);
  const target = useSelector(actor, selectShelveTarget);
  const minutes = useSelector(actor, selectShelveMinutes);
  const reason = useSelector(actor, selectShelveReason);
  const minutesInvalid = useSelector(actor, selectMinutesInvalid);
  const reasonMissing = useSelector(actor, selectReasonMissing);
  const sending = useSelector(actor, selectShelving);
  const error = useSelector(actor, selectShelveError);
  if (!open || !target) return null;
  const cancel = () => actor.send({ type: 'shelve.cancel' });
  return (
    <Dialog
      title={t('alarmShelving.title')}
      onClose={cancel}
      onSubmit={() => actor.send({ type: 'shelve.send' })}
      footer={
        <>
          <Button variant="quiet" onClick={cancel}>
            {t('alarmShelving.cancel')}
          </Button>
          <Button type="submit" disabled={sending || minutesInvalid || reasonMissing}>
            {t('alarmShelving.shelve')}
          </Button>
        </>
      }
    >
      <p className="mb-3">
        {t('alarmShelving.what', { alarm: alarmText(t, target.alarm), device: target.deviceName })}
      </p>
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
          error={reasonMissing ? t('alarmShelving.reasonMissing') : null}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {text(error)}
        </p>
      ) : null}
    </Dialog>
  );
}
