import { Switch } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import {
  selectAlarmPreferences,
  selectAlarmsFailed,
  selectReconnecting,
  selectStreamCrowded,
  selectSettingsBusy,
} from '../../machines/alarms/alarmList.selectors';
import { useT } from '../i18n';
import type { AlarmListRef, useAlarmWorkflows } from './useAlarmActors';

const ACTION = 'rounded px-3 py-2 text-left text-sm text-primary hover:bg-primary/15';

function Toggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <label className="flex items-center justify-between gap-2 py-1 text-sm">
      <span>{label}</span>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        className="group inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-muted/40 transition data-checked:bg-primary data-disabled:opacity-60"
      >
        <span className="size-4 translate-x-0.5 rounded-full bg-white transition group-data-checked:translate-x-4.5" />
      </Switch>
    </label>
  );
}

interface Props {
  list: AlarmListRef;
  workflows: ReturnType<typeof useAlarmWorkflows>;
  /** A dialog opens: the menu closes. */
  onDialog: () => void;
}

/** The menu's status line, its switches (sound, browser notifications, push) and its dialogs' entries. */
export function AlarmMenuFooter({ list, workflows, onDialog }: Props) {
  const t = useT();
  const preferences = useSelector(list, selectAlarmPreferences);
  const busy = useSelector(list, selectSettingsBusy);
  const failed = useSelector(list, selectAlarmsFailed);
  const reconnecting = useSelector(list, selectReconnecting);
  const crowded = useSelector(list, selectStreamCrowded);
  const push = useSelector(workflows.push, (s) => s.value);
  return (
    <div className="flex flex-col gap-1 border-t border-muted/20 px-4 py-2">
      {failed || reconnecting || crowded ? (
        <p role="status" className="text-sm text-error">
          {t(failed ? 'alarmsUi.loadFailed' : crowded ? 'alarmsUi.tooManyStreams' : 'alarmsUi.reconnecting')}
        </p>
      ) : null}
      <Toggle
        label={t('alarmsUi.sound')}
        checked={preferences.alarmSound}
        disabled={busy}
        onChange={() => list.send({ type: 'alarms.toggleSound' })}
      />
      <Toggle
        label={t('alarmsUi.browserNotifications')}
        checked={preferences.alarmBrowserNotifications}
        disabled={busy}
        onChange={() => list.send({ type: 'alarms.toggleBrowserNotifications' })}
      />
      {push === 'unsupported' ? (
        <p className="text-sm text-muted">{t('alarmsUi.pushUnsupported')}</p>
      ) : (
        <Toggle
          label={t('alarmsUi.push')}
          checked={push === 'subscribed' || push === 'unsubscribing'}
          disabled={push !== 'subscribed' && push !== 'unsubscribed'}
          onChange={() =>
            workflows.push.send({ type: push === 'subscribed' ? 'push.unsubscribe' : 'push.subscribe' })
          }
        />
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={ACTION}
          onClick={() => {
            onDialog();
            workflows.history.send({
              type: 'history.open',
              dateFormat: preferences.dateFormat,
              timeZone: preferences.timeZone,
            });
          }}
        >
          {t('alarmsUi.openHistory')}
        </button>
        <button
          type="button"
          className={ACTION}
          onClick={() => workflows.notificationTest.send({ type: 'notificationTest.start' })}
        >
          {t('alarmsUi.testNotification')}
        </button>
      </div>
    </div>
  );
}
