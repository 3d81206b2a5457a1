import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { selectAlarmPreferences } from '../../machines/alarms/alarmList.selectors';
import {
  selectMayUnshelve,
  selectShelved,
  selectShelvedLoading,
} from '../../machines/alarms/alarmShelving.selectors';
import type { alarmShelvingMachine } from '../../machines/alarms/alarmShelvingMachine';
import { formatDate } from '../../machines/dateRange/dateText';
import { useT } from '../i18n';
import type { AlarmListRef } from './useAlarmActors';

interface Props {
  list: AlarmListRef;
  shelving: ActorRefFrom<typeof alarmShelvingMachine>;
}

/** The alarms menu's shelved alarms (out of the bell for now), each with Unshelve; read when the menu opens. */
export function ShelvedList({ list, shelving }: Props) {
  const t = useT();
  const shelved = useSelector(shelving, selectShelved);
  const mayUnshelve = useSelector(shelving, selectMayUnshelve);
  const loading = useSelector(shelving, selectShelvedLoading);
  const { dateFormat, timeZone, canAcknowledge } = useSelector(list, selectAlarmPreferences);
  const headingId = useId();
  useEffect(() => shelving.send({ type: 'shelved.load' }), [shelving]);
  if (shelved.length === 0) return null;
  return (
    <section aria-labelledby={headingId} aria-busy={loading} className="border-t border-muted/20 px-4 py-2">
      <h3 id={headingId} className="font-semibold">
        {t('alarmShelving.listTitle')}
      </h3>
      <ul className="flex flex-col gap-2">
        {shelved.map((alarm) => (
          <li key={alarm.id} className="flex items-start justify-between gap-2 text-sm">
            {/* A reason or device name without spaces wraps rather than widening the menu past 360 px. */}
            <p className="min-w-0 [overflow-wrap:anywhere]">
              {t('alarmShelving.item', {
                alarm: alarm.translation,
                device: alarm.deviceName,
                by: alarm.by,
                until: formatDate(Date.parse(alarm.until), dateFormat, timeZone),
                reason: alarm.reason,
              })}
            </p>
            {canAcknowledge ? (
              <button
                type="button"
                disabled={!mayUnshelve}
                aria-label={t('alarmShelving.unshelveNamed', {
                  alarm: alarm.translation,
                  device: alarm.deviceName,
                })}
                className="shrink-0 rounded px-2 py-1 text-primary hover:bg-primary/15"
                onClick={() => shelving.send({ type: 'shelved.unshelve', id: alarm.id })}
              >
                {t('alarmShelving.unshelve')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
