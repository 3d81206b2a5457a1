import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { selectAlarmCount } from '../../machines/alarms/alarmList.selectors';
import { useT } from '../i18n';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { AlarmEntryList } from './AlarmEntryList';
import { AlarmHistoryDialog } from './AlarmHistoryDialog';
import { AlarmMenuFooter } from './AlarmMenuFooter';
import { NotificationsBlockedDialog } from './NotificationsBlockedDialog';
import { NotSubscribedDialog } from './NotSubscribedDialog';
import { ShelveDialog } from './ShelveDialog';
import { ShelvedList } from './ShelvedList';
import { useAlarmList, useAlarmWorkflows, type AlarmListRef } from './useAlarmActors';

/** The head bar's bell: the number of active alarms, and the alarms menu (SPEC §9: 350 wide, at most 640 high). */
export function AlarmBell() {
  const list = useAlarmList();
  return list ? <LiveAlarmBell list={list} /> : null;
}

function LiveAlarmBell({ list }: { list: AlarmListRef }) {
  const t = useT();
  const count = useSelector(list, selectAlarmCount);
  const workflows = useAlarmWorkflows();
  return (
    <>
      <Popover className="relative">
        <PopoverButton
          aria-label={t('alarmsUi.bell', { count })}
          // A rounded square with the count inside it: its focus ring goes round both, and nothing covers it.
          className="relative grid size-10 place-items-center rounded-lg hover:bg-muted/15"
        >
          <svg aria-hidden viewBox="0 0 24 24" className="size-6 fill-current">
            <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6V11a6 6 0 0 0-5-5.9V4a1 1 0 1 0-2 0v1.1A6 6 0 0 0 6 11v5l-2 2v1h16v-1l-2-2Z" />
          </svg>
          {count > 0 ? (
            <span
              aria-hidden
              className="absolute top-0 right-0 min-w-4 rounded-full bg-error px-1 text-[0.6875rem] leading-4 text-on-error"
            >
              {count}
            </span>
          ) : null}
        </PopoverButton>
        <PopoverPanel
          anchor="bottom end"
          aria-label={t('alarmsUi.menuTitle')}
          // Its switches are disabled while a setting is saved: the panel keeps the keyboard meanwhile (KeptFocus).
          data-holds-focus
          className="z-30 flex max-h-[min(640px,90vh)] w-[min(350px,100vw)] flex-col rounded bg-surface-raised shadow-lg focus:outline-none"
        >
          {({ close }) => (
            <>
              <h2 className="px-4 pt-3 pb-2 text-lg font-semibold">{t('alarmsUi.menuTitle')}</h2>
              <div className="min-h-0 flex-1 overflow-y-auto">
                <AlarmEntryList
                  list={list}
                  onNavigate={() => close()}
                  onAcknowledge={(alarm) => {
                    close();
                    workflows.acknowledge.send({
                      type: 'acknowledge.open',
                      target: { alarm, deviceName: alarm.deviceName },
                    });
                  }}
                  onShelve={(alarm) => {
                    close();
                    workflows.shelving.send({
                      type: 'shelve.open',
                      target: { alarm, deviceName: alarm.deviceName },
                    });
                  }}
                />
                <ShelvedList list={list} shelving={workflows.shelving} />
              </div>
              <AlarmMenuFooter list={list} workflows={workflows} onDialog={() => close()} />
            </>
          )}
        </PopoverPanel>
      </Popover>
      <AcknowledgeDialog actor={workflows.acknowledge} />
      <ShelveDialog actor={workflows.shelving} />
      <AlarmHistoryDialog actor={workflows.history} />
      <NotificationsBlockedDialog actor={workflows.notificationTest} />
      <NotSubscribedDialog actor={workflows.notificationTest} push={workflows.push} />
    </>
  );
}
