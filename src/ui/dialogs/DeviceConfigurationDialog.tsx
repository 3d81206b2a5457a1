import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { matchesSearch } from '../../machines/deviceConfiguration/configurationModel';
import {
  selectCanMove,
  selectErrors,
  selectIsSaving,
  selectItems,
  selectSearch,
  selectSettings,
} from '../../machines/deviceConfiguration/deviceConfiguration.selectors';
import type { deviceConfigurationMachine } from '../../machines/deviceConfiguration/deviceConfigurationMachine';
import { SORT_DIRECTIONS, SORT_MODES } from '#contracts/settings';
import { useT } from '../i18n';
import { FormDialog } from '../primitives/Dialog';
import { Listbox } from '../primitives/Listbox';
import { TextField } from '../primitives/TextField';
import { DeviceConfigurationList } from './DeviceConfigurationList';

type DeviceConfigurationActor = ActorRefFrom<typeof deviceConfigurationMachine>;

/** SPEC §2 device configuration: names of business groups, devices and departments, and their sorting. */
export function DeviceConfigurationDialog({ actor }: { actor: DeviceConfigurationActor }) {
  const t = useT();
  const items = useSelector(actor, selectItems);
  const search = useSelector(actor, selectSearch);
  const settings = useSelector(actor, selectSettings);
  const errors = useSelector(actor, selectErrors);
  const canMove = useSelector(actor, selectCanMove);
  const saving = useSelector(actor, selectIsSaving);
  const visible = useMemo(() => items.filter((item) => matchesSearch(item, search)), [items, search]);
  const cancel = () => actor.send({ type: 'config.cancel' });

  return (
    <FormDialog
      title={t('deviceConfiguration.title')}
      width="max-w-[800px]"
      onCancel={cancel}
      onSubmit={() => actor.send({ type: 'config.save' })}
      submitLabel={saving ? t('deviceConfiguration.saving') : t('dialog.save')}
      busy={saving}
    >
      <div className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            label={t('deviceConfiguration.search')}
            type="search"
            value={search}
            onValueChange={(text) => actor.send({ type: 'config.search', text })}
            disabled={saving}
          />
          <Listbox
            label={t('deviceConfiguration.sortMode')}
            value={settings.sortMode}
            choices={SORT_MODES.map((mode) => ({
              value: mode,
              label: t(`deviceConfiguration.sortMode.${mode}`),
            }))}
            onValueChange={(mode) => actor.send({ type: 'config.sortMode', mode })}
            disabled={saving}
          />
          <Listbox
            label={t('deviceConfiguration.sortDirection')}
            value={settings.sortDirection}
            choices={SORT_DIRECTIONS.map((direction) => ({
              value: direction,
              label: t(`deviceConfiguration.sortDirection.${direction}`),
            }))}
            onValueChange={(direction) => actor.send({ type: 'config.sortDirection', direction })}
            disabled={saving}
          />
        </div>
        {!canMove ? <p className="text-sm text-muted">{t('deviceConfiguration.dragDisabled')}</p> : null}
        {visible.length === 0 ? (
          <p className="text-muted">{t('deviceConfiguration.noMatch')}</p>
        ) : (
          <DeviceConfigurationList
            items={visible}
            errors={errors}
            canMove={canMove}
            disabled={saving}
            onRename={(key, label) => actor.send({ type: 'config.rename', key, label })}
            onMove={(key, toIndex) => actor.send({ type: 'config.move', key, toIndex })}
          />
        )}
      </div>
    </FormDialog>
  );
}
