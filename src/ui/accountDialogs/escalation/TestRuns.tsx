import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectTestRun,
  selectTestRunCount,
  type EscalationPolicyActor,
} from '../../../machines/escalationPolicy/escalationPolicy.selectors';
import { useT } from '../../i18n';
import { useUserDates } from '../../useUserDates';

function TestRun({ actor, index }: { actor: EscalationPolicyActor; index: number }) {
  const t = useT();
  const { instant } = useUserDates();
  const run = useSelector(actor, selectTestRun(index));
  if (!run) return null;
  const recipients = run.notified
    .map(({ channel, recipient }) => `${recipient} (${t(`escalation.channel.${channel}`)})`)
    .join(', ');
  return (
    // An address or a user name without spaces wraps rather than widening the dialog past 360 px.
    <li className="[overflow-wrap:anywhere]">
      {t(`escalation.testRun.${run.result}`, { at: instant(run.at), count: run.notified.length, recipients })}
    </li>
  );
}

/** The last weekly test alarms and whom each reached: the record that the alarm path works, for an audit. */
export function TestRuns({ actor }: { actor: EscalationPolicyActor }) {
  const t = useT();
  const headingId = useId();
  const count = useSelector(actor, selectTestRunCount);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1 text-sm">
      <h3 id={headingId} className="font-semibold">
        {t('escalation.testRuns')}
      </h3>
      {count === 0 ? (
        <p className="text-muted">{t('escalation.testRuns.none')}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-1">
          {Array.from({ length: count }, (_, index) => (
            <TestRun key={index} actor={actor} index={index} />
          ))}
        </ul>
      )}
    </section>
  );
}
