import { useSelector } from '@xstate/react';
import { AUDIT_ACTIONS } from '#contracts';
import type { AuditFilterField } from '../../../machines/auditTrail/auditTrail.events';
import {
  selectFilterError,
  selectFilterValue,
  selectIdle,
  type AuditTrailActor,
} from '../../../machines/auditTrail/auditTrail.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { TextField } from '../../primitives/TextField';

function FilterField({
  actor,
  field,
  type = 'text',
}: {
  actor: AuditTrailActor;
  field: Exclude<AuditFilterField, 'action'>;
  type?: 'text' | 'date';
}) {
  const t = useT();
  const value = useSelector(actor, selectFilterValue(field));
  const error = useSelector(actor, selectFilterError(field));
  const idle = useSelector(actor, selectIdle);
  return (
    <TextField
      label={t(`audit.filter.${field}`)}
      type={type}
      value={value}
      disabled={!idle}
      error={error ? t(error) : null}
      onValueChange={(changed) => actor.send({ type: 'auditTrail.filterEdited', field, value: changed })}
    />
  );
}

/** The filters of the trail: a period of days, a device, a user, a kind of change; applied by Show (or Enter). */
export function AuditFilters({ actor }: { actor: AuditTrailActor }) {
  const t = useT();
  const action = useSelector(actor, selectFilterValue('action'));
  const idle = useSelector(actor, selectIdle);
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t('audit.filters')}</legend>
      <FilterField actor={actor} field="from" type="date" />
      <FilterField actor={actor} field="to" type="date" />
      <FilterField actor={actor} field="device" />
      <FilterField actor={actor} field="user" />
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">{t('audit.filter.action')}</span>
        <select
          className="rounded border border-muted/40 bg-surface px-3 py-2"
          value={action}
          disabled={!idle}
          onChange={(event) =>
            actor.send({ type: 'auditTrail.filterEdited', field: 'action', value: event.target.value })
          }
        >
          <option value="">{t('audit.anyAction')}</option>
          {AUDIT_ACTIONS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`audit.action.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end">
        <Button type="submit" disabled={!idle}>
          {t('audit.show')}
        </Button>
      </div>
    </fieldset>
  );
}
