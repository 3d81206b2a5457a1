import { useSelector } from '@xstate/react';
import { ESCALATION_BANDS, ESCALATION_CHANNELS, type EscalationBand } from '#contracts';
import {
  selectLevel,
  selectPlanPrefix,
  selectUsers,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import type { LevelDraft } from '../../../machines/escalationPolicy/escalationPlan';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { CheckGroup, DurationField, Field, INPUT, useFieldError } from './fields';

/** One level of the shown plan: when it is told, whom (users picked from the account's, and addresses), how, and in which band. */
export function LevelFieldset({ actor, index }: { actor: EscalationPolicyActor; index: number }) {
  const t = useT();
  const level = useSelector(actor, selectLevel(index));
  const users = useSelector(actor, selectUsers);
  const key = `${useSelector(actor, selectPlanPrefix)}levels.${index}`;
  const errors = {
    after: useFieldError(actor, `${key}.afterSeconds`),
    users: useFieldError(actor, `${key}.users`),
    emails: useFieldError(actor, `${key}.emails`),
    channels: useFieldError(actor, `${key}.channels`),
  };
  if (!level) return null;
  const edit = (patch: Partial<LevelDraft>) => actor.send({ type: 'escalation.levelEdited', index, patch });
  const number = index + 1;
  return (
    <fieldset className="flex flex-col gap-3 rounded border border-muted/30 p-3">
      <legend className="px-1 font-semibold">{t('escalation.level', { number })}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <DurationField
          label={t('escalation.after')}
          hint={t('escalation.afterHint')}
          error={errors.after}
          value={level.after}
          unit={level.afterUnit}
          onChange={({ value, unit }) =>
            edit({ after: value ?? level.after, afterUnit: unit ?? level.afterUnit })
          }
        />
        <Field label={t('escalation.band')} error="">
          {({ id }) => (
            <select
              id={id}
              className={INPUT}
              value={level.band}
              onChange={(event) => edit({ band: event.target.value as EscalationBand })}
            >
              {ESCALATION_BANDS.map((band) => (
                <option key={band} value={band}>
                  {t(`escalation.band.${band}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {users.length === 0 ? (
        <p className="text-sm text-muted">{t('escalation.noUsers')}</p>
      ) : (
        <CheckGroup
          legend={t('escalation.users')}
          error={errors.users}
          options={users.map((user) => ({ value: user.id, label: user.username }))}
          chosen={level.users}
          onChange={(chosen) => edit({ users: chosen })}
        />
      )}
      <Field label={t('escalation.emails')} hint={t('escalation.emailsHint')} error={errors.emails}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="text"
            inputMode="email"
            className={INPUT}
            value={level.emails}
            aria-invalid={errors.emails ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => edit({ emails: event.target.value })}
          />
        )}
      </Field>
      <CheckGroup
        legend={t('escalation.channels')}
        error={errors.channels}
        options={ESCALATION_CHANNELS.map((channel) => ({
          value: channel,
          label: t(`escalation.channel.${channel}`),
        }))}
        chosen={level.channels}
        onChange={(chosen) => edit({ channels: chosen })}
      />
      <div>
        <Button variant="quiet" onClick={() => actor.send({ type: 'escalation.levelRemoved', index })}>
          {t('escalation.removeLevel', { number })}
        </Button>
      </div>
    </fieldset>
  );
}
