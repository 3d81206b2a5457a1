import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { ALARM_PRIORITIES } from '#contracts';
import {
  selectRow,
  selectRowCount,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import type { CodeList, CodeRow } from '../../../machines/escalationPolicy/escalationDraft';
import { alarmText, KNOWN_ALARM_CODES } from '../../alarms/alarmText';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Field, INPUT, useFieldError } from './fields';

const COUNTS = { codePriorities: selectRowCount('codePriorities'), delays: selectRowCount('delays') };

/** The known codes, offered as the code is typed: each with its name in the user's language. */
function KnownCodes({ id }: { id: string }) {
  const t = useT();
  return (
    <datalist id={id}>
      {KNOWN_ALARM_CODES.map((code) => (
        <option key={code} value={code}>
          {alarmText(t, { code, translation: code })}
        </option>
      ))}
    </datalist>
  );
}

function Row({
  actor,
  list,
  index,
  codesId,
}: {
  actor: EscalationPolicyActor;
  list: CodeList;
  index: number;
  /** The id of the known codes' datalist. */
  codesId: string;
}) {
  const t = useT();
  const row = useSelector(actor, selectRow(list, index));
  const codeError = useFieldError(actor, `${list}.${index}.code`);
  const valueError = useFieldError(actor, `${list}.${index}.delaySeconds`);
  if (!row) return null;
  const edit = (patch: Partial<CodeRow>) => actor.send({ type: 'escalation.rowEdited', list, index, patch });
  return (
    <li className="flex flex-wrap items-start gap-3 border-t border-muted/20 pt-2">
      <Field
        label={t('escalation.code')}
        error={codeError}
        hint={
          KNOWN_ALARM_CODES.includes(row.code) ? alarmText(t, { code: row.code, translation: row.code }) : ''
        }
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            list={codesId}
            className={`${INPUT} w-56 max-w-full font-mono`}
            value={row.code}
            autoCapitalize="characters"
            aria-invalid={codeError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => edit({ code: event.target.value.toUpperCase() })}
          />
        )}
      </Field>
      {list === 'codePriorities' ? (
        <Field label={t('escalation.priority')} error="">
          {({ id }) => (
            <select
              id={id}
              className={INPUT}
              value={row.value}
              onChange={(event) => edit({ value: event.target.value })}
            >
              {ALARM_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {t(`escalation.priority.${priority}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label={t('escalation.delaySeconds')} error={valueError}>
          {({ id, describedBy }) => (
            <input
              id={id}
              inputMode="numeric"
              className={`${INPUT} w-28`}
              value={row.value}
              aria-invalid={valueError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => edit({ value: event.target.value })}
            />
          )}
        </Field>
      )}
      <Button
        variant="quiet"
        className="self-end"
        onClick={() => actor.send({ type: 'escalation.rowRemoved', list, index })}
      >
        {t('escalation.removeRow', { number: index + 1 })}
      </Button>
    </li>
  );
}

/** The per-code list of priorities or delays: a row a code, added and removed one by one. */
export function CodeRows({ actor, list }: { actor: EscalationPolicyActor; list: CodeList }) {
  const t = useT();
  const count = useSelector(actor, COUNTS[list]);
  const codesId = useId();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        {t(list === 'delays' ? 'escalation.delaysHint' : 'escalation.prioritiesHint')}
      </p>
      {count === 0 ? <p>{t('escalation.noRows')}</p> : null}
      <KnownCodes id={codesId} />
      <ul className="flex flex-col gap-2">
        {Array.from({ length: count }, (_, index) => (
          <Row key={index} actor={actor} list={list} index={index} codesId={codesId} />
        ))}
      </ul>
      <div>
        <Button variant="quiet" onClick={() => actor.send({ type: 'escalation.rowAdded', list })}>
          {t('escalation.addRow')}
        </Button>
      </div>
    </div>
  );
}
