import { useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import {
  selectError,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import type { TimeUnit } from '../../../machines/escalationPolicy/escalationPlan';
import { useT } from '../../i18n';
import { Checkbox } from '../../primitives/Checkbox';
import { FieldNote } from '../../primitives/FieldNote';

export const INPUT =
  'rounded border border-muted/40 bg-surface px-2 py-1 outline-none focus:border-primary aria-invalid:border-error';

/** The translated error of a field ('' for none), read from the machine by the field's key. */
export function useFieldError(actor: EscalationPolicyActor, key: string): string {
  const t = useT();
  const id = useSelector(actor, selectError(key));
  return id ? t(id) : '';
}

/** A labelled control with its error under it, announced with it (the control gets the ids from `children`). */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error: string;
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      <FieldNote id={`${id}-hint`} hint>
        {hint}
      </FieldNote>
      <FieldNote id={`${id}-error`}>{error}</FieldNote>
    </div>
  );
}

/** A number of seconds or minutes: the number and its unit, one field with one error. */
export function DurationField({
  label,
  hint,
  error,
  value,
  unit,
  onChange,
}: {
  label: string;
  hint?: string;
  error: string;
  value: string;
  unit: TimeUnit;
  onChange: (patch: { value?: string; unit?: TimeUnit }) => void;
}) {
  const t = useT();
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <div className="flex gap-2">
          <input
            id={id}
            inputMode="numeric"
            className={`${INPUT} w-24`}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ value: event.target.value })}
          />
          <select
            aria-label={t('escalation.unit')}
            className={INPUT}
            value={unit}
            onChange={(event) => onChange({ unit: event.target.value as TimeUnit })}
          >
            <option value="seconds">{t('escalation.unit.seconds')}</option>
            <option value="minutes">{t('escalation.unit.minutes')}</option>
          </select>
        </div>
      )}
    </Field>
  );
}

/** A group of checkboxes under a legend, with the group's error. */
export function CheckGroup<T extends string | number>({
  legend,
  error,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  error: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? id : undefined} className="flex min-w-0 flex-col gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={chosen.includes(option.value)}
            onCheckedChange={(on) =>
              onChange(on ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))
            }
          />
        ))}
      </div>
      <FieldNote id={id}>{error}</FieldNote>
    </fieldset>
  );
}
