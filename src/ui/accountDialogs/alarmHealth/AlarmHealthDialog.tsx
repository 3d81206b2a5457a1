import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import {
  HEALTH_RANGE_DAYS,
  type AlarmHealthEvent,
  type HealthRangeDays,
} from '../../../machines/alarmHealth/alarmHealth.events';
import {
  selectDays,
  selectView,
  type AlarmHealthActor,
} from '../../../machines/alarmHealth/alarmHealth.selectors';
import { useT } from '../../i18n';
import { Button } from '../../primitives/Button';
import { Dialog } from '../../primitives/Dialog';
import { ErrorAlert } from '../../primitives/ErrorAlert';
import { HealthFigures } from './HealthFigures';
import { ChatteringAlarms, StandingAlarms, TopOffenders } from './AlarmLists';

/**
 * The alarm system's health for administrators (issue 31): a range, the EEMUA 191 figures, which alarms stand and
 * which chatter, and the top offenders.
 */
export default function AlarmHealthDialog({ actor: anyActor }: { actor: AnyActorRef }) {
  const actor = anyActor as AlarmHealthActor;
  const t = useT();
  const view = useSelector(actor, selectView);
  const days = useSelector(actor, selectDays);
  const send = (event: AlarmHealthEvent) => actor.send(event);
  const close = () => send({ type: 'alarmHealth.close' });

  return (
    <Dialog
      title={t('alarmHealth.title')}
      width="max-w-[800px]"
      onClose={close}
      onSubmit={() => (view === 'loadFailed' ? send({ type: 'alarmHealth.retry' }) : undefined)}
      footer={
        <>
          <Button variant="quiet" onClick={close}>
            {t('alarmHealth.close')}
          </Button>
          {view === 'loadFailed' ? <Button type="submit">{t('alarmHealth.retry')}</Button> : null}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <label className="flex flex-wrap items-center gap-2">
          <span>{t('alarmHealth.range')}</span>
          <select
            className="rounded border border-muted/40 bg-surface px-2 py-1"
            value={days}
            disabled={view !== 'shown'}
            onChange={(event) =>
              send({ type: 'alarmHealth.rangeChose', days: Number(event.target.value) as HealthRangeDays })
            }
          >
            {HEALTH_RANGE_DAYS.map((option) => (
              <option key={option} value={option}>
                {t('alarmHealth.lastDays', { days: option })}
              </option>
            ))}
          </select>
        </label>
        {view === 'loading' ? <p role="status">{t('alarmHealth.loading')}</p> : null}
        {view === 'loadFailed' ? <ErrorAlert>{t('alarmHealth.loadFailed')}</ErrorAlert> : null}
        {view === 'shown' ? (
          <>
            <HealthFigures actor={actor} />
            <StandingAlarms actor={actor} />
            <ChatteringAlarms actor={actor} />
            <TopOffenders actor={actor} />
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
