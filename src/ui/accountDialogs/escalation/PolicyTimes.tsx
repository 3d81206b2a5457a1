import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  selectField,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import type { PolicyFields } from '../../../machines/escalationPolicy/escalationDraft';
import { useLocale, useT } from '../../i18n';
import { Checkbox } from '../../primitives/Checkbox';
import { CheckGroup, Field, INPUT, useFieldError } from './fields';
import { TestRuns } from './TestRuns';

const ISO_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 1 January 2024 was a Monday: ISO day d is the (d)th of that month.
const dayName = (locale: string, day: number) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));

// One selector per field, made once, so each subscription keeps its function between renders.
const FIELDS = {
  maxShelve: selectField('maxShelve'),
  timeZone: selectField('timeZone'),
  workingHoursOn: selectField('workingHoursOn'),
  days: selectField('days'),
  from: selectField('from'),
  to: selectField('to'),
  testAlarmOn: selectField('testAlarmOn'),
  testDay: selectField('testDay'),
  testTime: selectField('testTime'),
};

function TimeInput({
  actor,
  field,
  label,
}: {
  actor: EscalationPolicyActor;
  field: 'from' | 'to' | 'testTime';
  label: string;
}) {
  const value = useSelector(actor, FIELDS[field]) ?? '';
  const error = useFieldError(actor, field);
  return (
    <Field label={label} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="time"
          className={INPUT}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) =>
            actor.send({ type: 'escalation.edited', patch: { [field]: event.target.value } })
          }
        />
      )}
    </Field>
  );
}

/** The policy's times, common to all plans: the longest shelving, the working hours in the policy's time zone, the weekly test alarm. */
export function PolicyTimes({ actor }: { actor: EscalationPolicyActor }) {
  const t = useT();
  const locale = useLocale();
  const f = {
    maxShelve: useSelector(actor, FIELDS.maxShelve),
    timeZone: useSelector(actor, FIELDS.timeZone),
    workingHoursOn: useSelector(actor, FIELDS.workingHoursOn),
    days: useSelector(actor, FIELDS.days),
    testAlarmOn: useSelector(actor, FIELDS.testAlarmOn),
    testDay: useSelector(actor, FIELDS.testDay),
  };
  const errors = {
    maxShelve: useFieldError(actor, 'maxShelveMinutes'),
    timeZone: useFieldError(actor, 'timeZone'),
    days: useFieldError(actor, 'days'),
  };
  const days = useMemo(() => ISO_DAYS.map((day) => ({ value: day, label: dayName(locale, day) })), [locale]);
  const edit = (patch: Partial<PolicyFields>) => actor.send({ type: 'escalation.edited', patch });
  return (
    <div className="flex flex-col gap-4">
      <Field label={t('escalation.maxShelve')} hint={t('escalation.maxShelveHint')} error={errors.maxShelve}>
        {({ id, describedBy }) => (
          <input
            id={id}
            inputMode="numeric"
            className={`${INPUT} w-28`}
            value={f.maxShelve ?? ''}
            aria-invalid={errors.maxShelve ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => edit({ maxShelve: event.target.value })}
          />
        )}
      </Field>
      <fieldset className="flex flex-col gap-3 rounded border border-muted/30 p-3">
        <legend className="px-1 font-semibold">{t('escalation.workingHours')}</legend>
        <Checkbox
          label={t('escalation.workingHoursOn')}
          checked={f.workingHoursOn ?? false}
          onCheckedChange={(checked) => edit({ workingHoursOn: checked })}
        />
        {f.workingHoursOn ? (
          <>
            <CheckGroup
              legend={t('escalation.days')}
              error={errors.days}
              options={days}
              chosen={f.days ?? []}
              onChange={(chosen) => edit({ days: [...chosen].sort() })}
            />
            <div className="grid grid-cols-2 gap-3">
              <TimeInput actor={actor} field="from" label={t('escalation.from')} />
              <TimeInput actor={actor} field="to" label={t('escalation.to')} />
            </div>
          </>
        ) : null}
        <Field label={t('escalation.timeZone')} hint={t('escalation.timeZoneHint')} error={errors.timeZone}>
          {({ id, describedBy }) => (
            <input
              id={id}
              className={INPUT}
              value={f.timeZone ?? ''}
              aria-invalid={errors.timeZone ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => edit({ timeZone: event.target.value })}
            />
          )}
        </Field>
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded border border-muted/30 p-3">
        <legend className="px-1 font-semibold">{t('escalation.testAlarm')}</legend>
        <Checkbox
          label={t('escalation.testAlarmOn')}
          checked={f.testAlarmOn ?? false}
          onCheckedChange={(checked) => edit({ testAlarmOn: checked })}
        />
        {f.testAlarmOn ? (
          <div className="grid grid-cols-2 gap-3">
            <Field label={t('escalation.testDay')} error="">
              {({ id }) => (
                <select
                  id={id}
                  className={INPUT}
                  value={f.testDay ?? 1}
                  onChange={(event) => edit({ testDay: Number(event.target.value) })}
                >
                  {days.map((day) => (
                    <option key={day.value} value={day.value}>
                      {day.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TimeInput actor={actor} field="testTime" label={t('escalation.testTime')} />
          </div>
        ) : null}
        <TestRuns actor={actor} />
      </fieldset>
    </div>
  );
}
