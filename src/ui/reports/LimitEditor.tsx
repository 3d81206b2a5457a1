import { useSelector } from '@xstate/react';
import { caseKey, FOOD_SAFETY_CLASSES, FOOD_SAFETY_LINES, type FoodSafetyDepartment } from '#contracts';
import { selectMayManageReports } from '../../machines/app/app.selectors';
import type { LimitDraft } from '../../machines/reports/limits.events';
import {
  selectEditingCase,
  selectIsSavingLimit,
  selectLimitCase,
  selectLimitFailure,
  selectLimitField,
  selectLimitProblem,
  selectLimitsActor,
  type LimitsActor,
} from '../../machines/reports/limits.selectors';
import { AppActor } from '../appActor';
import { useT } from '../i18n';
import { Button } from '../primitives/Button';
import { ErrorAlert } from '../primitives/ErrorAlert';
import { TextField } from '../primitives/TextField';
import { SelectField } from './fields';
import type { ReportsActor } from '../../machines/reports/reports.selectors';

/** A case's limit changed or set back to its default, for users with DEVICES at WRITE. */
export function LimitEditor({ reports, department }: { reports: ReportsActor; department: FoodSafetyDepartment }) {
  const limits = useSelector(reports, selectLimitsActor);
  const mayManage = AppActor.useSelector(selectMayManageReports);
  return limits && mayManage ? <Limit limits={limits} department={department} /> : null;
}

function Limit({ limits, department }: { limits: LimitsActor; department: FoodSafetyDepartment }) {
  const t = useT();
  const key = caseKey(department);
  const open = useSelector(limits, selectEditingCase) === key;
  const here = useSelector(limits, selectLimitCase) === key;
  const saving = useSelector(limits, selectIsSavingLimit);
  const failure = useSelector(limits, selectLimitFailure);
  const failed = failure && here && (
    <ErrorAlert>{t(failure === 'forbidden' ? 'reports.failed.forbidden' : 'reports.limits.failed')}</ErrorAlert>
  );
  const address = { hexacode: department.hexacode, department: department.department, subDepartment: department.subDepartment };
  const name = `${department.deviceName}: ${department.name}`;
  if (!open)
    return (
      <div className="flex flex-wrap gap-2">
        {failed}
        <Button
          variant="quiet"
          disabled={saving}
          aria-label={t('reports.limits.changeOf', { name })}
          onClick={() => limits.send({ type: 'limit.editStarted', address, limit: department.limit })}
        >
          {t('reports.limits.change')}
        </Button>
        {!department.isDefault && (
          <Button
            variant="quiet"
            disabled={saving}
            aria-label={t('reports.limits.resetOf', { name })}
            onClick={() => limits.send({ type: 'limit.resetRequested', address })}
          >
            {t('reports.limits.reset')}
          </Button>
        )}
      </div>
    );
  return (
    <form
      aria-label={t('reports.limits.changeOf', { name })}
      className="flex flex-col gap-2 rounded border border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        limits.send({ type: 'limit.saveRequested' });
      }}
    >
      {failed}
      <div className="flex flex-wrap gap-2">
        <Choice limits={limits} field="class" options={FOOD_SAFETY_CLASSES} label={t('reports.limits.class')} prefix="foodSafety.class" />
        <Choice limits={limits} field="line" options={FOOD_SAFETY_LINES} label={t('reports.limits.line')} prefix="foodSafety.line" />
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {(['high', 'low', 'graceDegrees', 'graceMinutes'] as const).map((field) => (
          <NumberField key={field} limits={limits} field={field} />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {t('reports.limits.save')}
        </Button>
        <Button variant="quiet" disabled={saving} onClick={() => limits.send({ type: 'limit.editCancelled' })}>
          {t('reports.schedules.cancel')}
        </Button>
      </div>
    </form>
  );
}

function Choice({
  limits,
  field,
  options,
  label,
  prefix,
}: {
  limits: LimitsActor;
  field: 'class' | 'line';
  options: readonly string[];
  label: string;
  prefix: 'foodSafety.class' | 'foodSafety.line';
}) {
  const t = useT();
  const value = useSelector(limits, selectLimitField(field));
  return (
    <SelectField
      label={label}
      value={value}
      onValueChange={(text) => limits.send({ type: 'limit.draftChanged', change: { [field]: text } })}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {t(`${prefix}.${option}` as `foodSafety.class.chilled`)}
        </option>
      ))}
    </SelectField>
  );
}

function NumberField({ limits, field }: { limits: LimitsActor; field: Exclude<keyof LimitDraft, 'class' | 'line'> }) {
  const t = useT();
  const value = useSelector(limits, selectLimitField(field));
  const problem = useSelector(limits, selectLimitProblem) === field;
  return (
    <TextField
      label={t(`reports.limits.${field}`)}
      inputMode="decimal"
      value={value}
      onValueChange={(text) => limits.send({ type: 'limit.draftChanged', change: { [field]: text } })}
      error={problem ? t(`reports.limits.invalid.${field}`) : null}
    />
  );
}
