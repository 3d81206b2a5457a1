import { useSelector } from '@xstate/react';
import {
  selectAddresses,
  selectError,
  selectToggle,
} from '../../../machines/accountSettings/accountSettings.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { TextField } from '../../primitives/TextField';
import { Checkbox } from '../../primitives/Checkbox';
import type { AccountSettingsActor } from '../../../machines/accountSettings/accountSettings.selectors';
import { Section } from './Section';
import { FieldNote } from '../../primitives/FieldNote';

/** SPEC §3/§5 alarm e-mail export: while on, at least one address, each valid. */
export function AlarmExportFields({ actor }: { actor: AccountSettingsActor }) {
  const t = useT();
  const on = useSelector(actor, selectToggle('enableAlarmEmailExport'));
  const addresses = useSelector(actor, selectAddresses);
  const listError = useSelector(actor, selectError('alarmEmailExportAddresses'));
  return (
    <Section title={t('accountSettings.section.alarmExport')}>
      <Checkbox
        label={t('accountSettings.enableAlarmEmailExport')}
        checked={on}
        onCheckedChange={() => actor.send({ type: 'settings.toggle', field: 'enableAlarmEmailExport' })}
      />
      {on ? (
        <>
          {addresses.map((address, index) => (
            <AddressRow key={index} actor={actor} index={index} address={address} />
          ))}
          <FieldNote>{listError && t(listError)}</FieldNote>
          <Button
            variant="quiet"
            className="self-start"
            onClick={() => actor.send({ type: 'settings.addAddress' })}
          >
            {t('accountSettings.addAddress')}
          </Button>
        </>
      ) : null}
    </Section>
  );
}

function AddressRow({
  actor,
  index,
  address,
}: {
  actor: AccountSettingsActor;
  index: number;
  address: string;
}) {
  const t = useT();
  const error = useSelector(actor, selectError(`alarmEmailExportAddresses.${index}`));
  const number = String(index + 1);
  return (
    <div className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <TextField
          label={t('accountSettings.address', { number })}
          type="email"
          value={address}
          onValueChange={(value) => actor.send({ type: 'settings.editAddress', index, value })}
          error={error ? t(error) : null}
        />
      </div>
      <Button
        variant="quiet"
        aria-label={t('accountSettings.removeAddress', { number })}
        onClick={() => actor.send({ type: 'settings.removeAddress', index })}
      >
        ×
      </Button>
    </div>
  );
}
