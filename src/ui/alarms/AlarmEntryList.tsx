import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import {
  selectAlarmEntries,
  selectAlarmPreferences,
  selectAlarmsLoading,
} from '../../machines/alarms/alarmList.selectors';
import { formatDate } from '../../machines/dateRange/dateText';
import type { ActiveAlarm } from '#contracts';
import { useT } from '../i18n';
import { alarmText } from './alarmText';
import type { AlarmListRef } from './useAlarmActors';

const pagePath = (alarm: ActiveAlarm) =>
  `/${encodeURIComponent(alarm.hexacode)}/${alarm.department}/${alarm.subDepartment}/pages/${alarm.page}`;

interface Props {
  list: AlarmListRef;
  onAcknowledge: (alarm: ActiveAlarm) => void;
  onShelve: (alarm: ActiveAlarm) => void;
  onNavigate: () => void;
}

/** Per device entry its active alarms (SPEC §3, §9: items at least 85 px high), each linking to its page. */
export function AlarmEntryList({ list, onAcknowledge, onShelve, onNavigate }: Props) {
  const t = useT();
  const entries = useSelector(list, selectAlarmEntries);
  const { dateFormat, timeZone, canAcknowledge } = useSelector(list, selectAlarmPreferences);
  // Before the list has loaded, "no active alarms" would be a claim the app cannot make yet.
  const loading = useSelector(list, selectAlarmsLoading);
  if (entries.length === 0)
    return (
      <p className="px-4 py-6 text-center text-muted">{t(loading ? 'alarmsUi.loading' : 'alarmsUi.none')}</p>
    );
  return (
    <ul aria-label={t('alarmsUi.menuTitle')} className="divide-y divide-muted/20">
      {entries.map((entry) => (
        <li key={entry.hexacode} className="min-h-[85px] px-4 py-2">
          <h3 className="font-semibold">
            {entry.name} <span className="text-sm font-normal text-muted">{entry.hexacode}</span>
          </h3>
          <ul className="flex flex-col gap-2">
            {entry.alarms.map((alarm) => {
              const name = alarmText(t, alarm);
              return (
                <li key={alarm.id} className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link
                      href={pagePath(alarm)}
                      onClick={onNavigate}
                      // A block of its own: an inline link would not grow to a touch screen's 44 px.
                      className="inline-flex items-center text-error underline"
                    >
                      {name}
                    </Link>
                    <p className="text-sm">
                      {alarm.deviceName === entry.name ? '' : `${alarm.deviceName} · `}
                      {alarm.departmentName ?? t('alarmsUi.wholeDevice')}
                    </p>
                    <p className="text-sm text-muted">
                      {t('alarmsUi.raisedAt', {
                        time: formatDate(Date.parse(alarm.raisedAt), dateFormat, timeZone),
                      })}
                    </p>
                    {alarm.acknowledgedBy ? (
                      <p className="text-sm">
                        {t('alarmsUi.acknowledgedBy', { user: alarm.acknowledgedBy })}
                      </p>
                    ) : null}
                  </div>
                  {canAcknowledge ? (
                    <div className="flex shrink-0 flex-col items-end">
                      {alarm.state === 'ACTIVE_UNACKNOWLEDGED' ? (
                        <button
                          type="button"
                          aria-label={t('alarmsUi.acknowledgeNamed', {
                            alarm: name,
                            device: alarm.deviceName,
                          })}
                          className="rounded px-2 py-1 text-sm text-primary hover:bg-primary/15"
                          onClick={() => onAcknowledge(alarm)}
                        >
                          {t('alarmsUi.acknowledge')}
                        </button>
                      ) : null}
                      <button
                        type="button"
                        aria-label={t('alarmShelving.shelveNamed', { alarm: name, device: alarm.deviceName })}
                        className="rounded px-2 py-1 text-sm text-primary hover:bg-primary/15"
                        onClick={() => onShelve(alarm)}
                      >
                        {t('alarmShelving.shelve')}
                      </button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
