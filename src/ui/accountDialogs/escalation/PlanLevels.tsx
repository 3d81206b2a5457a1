import { useSelector } from '@xstate/react';
import {
  selectLevelCount,
  selectOwnPlan,
  selectPlan,
  selectPlanPrefix,
  selectRepeat,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import { PLAN_NAMES, type PlanName } from '../../../machines/escalationPolicy/escalationPlan';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Checkbox } from '../../primitives/Checkbox';
import { DurationField, Field, INPUT, useFieldError } from './fields';
import { LevelFieldset } from './LevelFieldset';
import { FieldNote } from '../../primitives/FieldNote';

const REPEAT = { repeat: selectRepeat('repeat'), repeatUnit: selectRepeat('repeatUnit') };

/** The plan shown: the common one or a priority's; a priority's own plan is switched on and off here. */
function PlanChoice({ actor }: { actor: EscalationPolicyActor }) {
  const t = useT();
  const plan = useSelector(actor, selectPlan);
  const own = useSelector(actor, selectOwnPlan);
  return (
    <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
      <Field label={t('escalation.plan')} error="">
        {({ id }) => (
          <select
            id={id}
            className={INPUT}
            value={plan}
            onChange={(event) =>
              actor.send({ type: 'escalation.planChosen', plan: event.target.value as PlanName })
            }
          >
            {PLAN_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(name === 'all' ? 'escalation.plan.all' : `escalation.priority.${name}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {plan === 'all' ? null : (
        <Checkbox
          label={t(`escalation.ownPlan.${plan}`)}
          checked={own}
          onCheckedChange={(checked) => actor.send({ type: 'escalation.ownPlanToggled', own: checked })}
        />
      )}
    </div>
  );
}

/** The levels and repeat of the shown plan, or, for a priority following the common plan, a word saying so. */
export function PlanLevels({ actor }: { actor: EscalationPolicyActor }) {
  const t = useT();
  const own = useSelector(actor, selectOwnPlan);
  const count = useSelector(actor, selectLevelCount);
  const prefix = useSelector(actor, selectPlanPrefix);
  const repeat = useSelector(actor, REPEAT.repeat);
  const repeatUnit = useSelector(actor, REPEAT.repeatUnit);
  const error = useFieldError(actor, `${prefix}levels`);
  const repeatError = useFieldError(actor, `${prefix}repeatSeconds`);
  if (!own)
    return (
      <div className="flex flex-col gap-3">
        <PlanChoice actor={actor} />
        <p>{t('escalation.followsCommon')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-3">
      <PlanChoice actor={actor} />
      {count === 0 ? <p>{t('escalation.noLevels')}</p> : null}
      {Array.from({ length: count }, (_, index) => (
        <LevelFieldset key={index} actor={actor} index={index} />
      ))}
      <FieldNote>{error}</FieldNote>
      <div>
        <Button variant="quiet" onClick={() => actor.send({ type: 'escalation.levelAdded' })}>
          {t('escalation.addLevel')}
        </Button>
      </div>
      <DurationField
        label={t('escalation.repeat')}
        hint={t('escalation.repeatHint')}
        error={repeatError}
        value={repeat ?? ''}
        unit={repeatUnit ?? 'minutes'}
        onChange={(patch) =>
          actor.send({
            type: 'escalation.repeatEdited',
            patch: {
              ...(patch.value === undefined ? {} : { repeat: patch.value }),
              ...(patch.unit ? { repeatUnit: patch.unit } : {}),
            },
          })
        }
      />
    </div>
  );
}
