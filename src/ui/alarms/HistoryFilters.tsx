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
import type { MessageId } from '../../i18n/messages';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';
import { useT } from '../i18n';

/** Device, department and time range filters; applied together (dates in the user's date format). */
export function HistoryFilters({ actor }: { actor: ActorRefFrom<typeof alarmHistoryMachine> }) {
  const t = useT();
  const draft = useSelector(actor, selectFilterDraft);
  const errors = useSelector(actor, selectFilterErrors);
  const format = formatLabel(useSelector(actor, selectHistoryDateFormat));
  const field = (name: keyof HistoryFilterDraft, label: MessageId) => (
    <TextField
      label={t(label, { format })}
      value={draft[name]}
      onValueChange={(text) => actor.send({ type: 'history.editFilter', field: name, text })}
      error={errors[name] ? t(errors[name], { format }) : null}
    />
  );
  return (
    <fieldset className="mb-3">
      <legend className="text-sm font-semibold">{t('alarmsUi.filters')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-4">
        {field('hexacode', 'alarmsUi.filterDevice')}
        {field('department', 'alarmsUi.filterDepartment')}
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
