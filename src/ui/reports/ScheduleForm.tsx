import { useSelector } from '@xstate/react';
import { REPORT_FREQUENCIES, type ReportFrequency } from '#contracts';
import type { StoreOption } from '../../machines/reports/reports.setup';
import {
  selectDraftFrequency,
  selectDraftId,
  selectDraftProblem,
  selectDraftRecipients,
  selectDraftStore,
  selectSchedulesView,
  type SchedulesActor,
} from '../../machines/reports/schedules.selectors';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { TextField } from '../primitives/TextField';
import { SelectField, storeOptions } from './fields';

/** A new or changed schedule: store, how often, the addresses it goes to. */
export function ScheduleForm({ schedules, stores }: { schedules: SchedulesActor; stores: readonly StoreOption[] }) {
  const t = useT();
  const editing = useSelector(schedules, selectDraftId) !== '';
  const store = useSelector(schedules, selectDraftStore);
  const frequency = useSelector(schedules, selectDraftFrequency);
  const recipients = useSelector(schedules, selectDraftRecipients);
  const problem = useSelector(schedules, selectDraftProblem);
  const saving = useSelector(schedules, selectSchedulesView) === 'saving';
  const change = (change: { businessGroup?: string; frequency?: ReportFrequency; recipients?: string }) =>
    schedules.send({ type: 'schedule.draftChanged', change });
  return (
    <form
      aria-label={t(editing ? 'reports.schedules.editing' : 'reports.schedules.adding')}
      className="flex flex-col gap-2 rounded border border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        schedules.send({ type: 'schedule.saveRequested' });
      }}
    >
      <SelectField
        label={t('reports.store')}
        value={store}
        invalid={problem === 'store'}
        onValueChange={(value) => change({ businessGroup: value })}
      >
        {storeOptions(stores)}
      </SelectField>
      <SelectField
        label={t('reports.schedules.frequency')}
        value={frequency}
        onValueChange={(value) => change({ frequency: value as ReportFrequency })}
      >
        {REPORT_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`foodSafety.frequency.${f}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('reports.schedules.recipients')}
        hint={t('reports.schedules.recipientsHint')}
        value={recipients}
        onValueChange={(value) => change({ recipients: value })}
        error={problem === 'recipients' ? t('reports.schedules.invalidRecipients') : null}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {t('reports.schedules.save')}
        </Button>
        <Button variant="quiet" disabled={saving} onClick={() => schedules.send({ type: 'schedule.editCancelled' })}>
          {t('reports.schedules.cancel')}
        </Button>
      </div>
    </form>
  );
}
