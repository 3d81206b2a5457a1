import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectFilterDraft,
  selectFilterErrors,
  selectHistoryDateFormat,
} from '../../machines/alarms/alarmHistory.selectors';
import type { HistoryFilterDraft } from '../../machines/alarms/alarmHistory.events';
import type { alarmHistoryMachine } from '../../machines/alarms/alarmHistoryMachine';
import { formatLabel } from '../../machines/dateRange/dateText';
import { selectItems } from '../../machines/deviceTree/deviceTree.selectors';
import type { deviceTreeMachine } from '../../machines/deviceTree/deviceTreeMachine';
import { SYSTEM_IDS } from '../../machines/systemIds';
import type { MessageId } from '../../i18n/messages';
import { Button } from '../primitives/Button';
import { Combobox } from '../primitives/Combobox';
import { TextField } from '../primitives/TextField';
import { useT } from '../i18n';
import { useSystemActor } from '../useSystemActor';
import { departmentChoices, deviceChoices } from './filterChoices';

/**
 * Device, department and time range filters; applied together (dates in the user's date format). The device
 * and the department are chosen from the user's own (the sidebar's tree), typing to narrow them down.
 */
export function HistoryFilters({ actor }: { actor: ActorRefFrom<typeof alarmHistoryMachine> }) {
  const t = useT();
  const draft = useSelector(actor, selectFilterDraft);
  const errors = useSelector(actor, selectFilterErrors);
  const format = formatLabel(useSelector(actor, selectHistoryDateFormat));
  const tree = useSelector(
    useSystemActor<ActorRefFrom<typeof deviceTreeMachine>>(SYSTEM_IDS.deviceTree),
    selectItems,
  );
  const edit = (field: keyof HistoryFilterDraft) => (text: string) =>
    actor.send({ type: 'history.editFilter', field, text });
  const choice = (
    name: 'hexacode' | 'department',
    label: MessageId,
    choices: ReturnType<typeof deviceChoices>,
  ) => (
    <Combobox
      label={t(label)}
      value={draft[name]}
      choices={choices}
      onValueChange={edit(name)}
      placeholder={t(name === 'hexacode' ? 'alarmsUi.anyDevice' : 'alarmsUi.anyDepartment')}
      noMatch={t('alarmsUi.noMatch')}
      error={errors[name] ? t(errors[name]) : null}
    />
  );
  const field = (name: keyof HistoryFilterDraft, label: MessageId) => (
    <TextField
      label={t(label, { format })}
      value={draft[name]}
      onValueChange={edit(name)}
      error={errors[name] ? t(errors[name], { format }) : null}
    />
  );
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-semibold">{t('alarmsUi.filters')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-4">
        {choice('hexacode', 'alarmsUi.filterDevice', deviceChoices(tree))}
        {choice('department', 'alarmsUi.filterDepartment', departmentChoices(tree, draft.hexacode))}
        {field('from', 'alarmsUi.filterFrom')}
        {field('to', 'alarmsUi.filterTo')}
      </div>
      <div className="mt-2 flex gap-2">
        <Button onClick={() => actor.send({ type: 'history.applyFilters' })}>
          {t('alarmsUi.applyFilters')}
        </Button>
        <Button variant="quiet" onClick={() => actor.send({ type: 'history.clearFilters' })}>
          {t('alarmsUi.clearFilters')}
        </Button>
      </div>
    </fieldset>
  );
}
