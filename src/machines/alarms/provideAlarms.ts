import { fromCallback, fromPromise } from 'xstate';
import type { AlarmServices } from '../../services/services';
import type { AlarmHistoryQuery } from '#contracts';
import { alarmAcknowledgeMachine } from './alarmAcknowledgeMachine';
import { alarmShelvingMachine } from './alarmShelvingMachine';
import { alarmHistoryMachine } from './alarmHistoryMachine';
import type { AlarmListEvent, AlarmSettings } from './alarmList.events';
import { alarmListMachine } from './alarmListMachine';
import { notificationTestMachine } from './notificationTestMachine';
import { pushSubscriptionMachine } from './pushSubscriptionMachine';

/** The alarm list (and the workflows it spawns) bound to their services. */
export function provideAlarms(
  { api, stream, browser, alarmText }: AlarmServices,
  saveFile: (fileName: string, blob: Blob) => void,
) {
  const requestPermission = fromPromise(() => browser.requestPermission());
  return alarmListMachine.provide({
    actors: {
      loadAlarms: fromPromise(() => api.listAlarms()),
      alarmStream: fromCallback<AlarmListEvent, { lastEventId: string | null }>(({ input, sendBack }) =>
        stream(input.lastEventId, {
          opened: () => sendBack({ type: 'alarms.streamOpened' }),
          received: (entry, eventId) => sendBack({ type: 'alarms.entryReceived', entry, eventId }),
          dropped: () => sendBack({ type: 'alarms.streamDropped' }),
          refused: () => sendBack({ type: 'alarms.streamRefused' }),
        }),
      ),
      saveSettings: fromPromise(async ({ input }: { input: AlarmSettings }) => {
        await api.saveAlarmSettings(input);
      }),
      requestPermission,
      alarmHistory: alarmHistoryMachine.provide({
        actors: {
          loadHistory: fromPromise(({ input }: { input: AlarmHistoryQuery }) => api.alarmHistory(input)),
          downloadCsv: fromPromise(({ input }: { input: AlarmHistoryQuery }) =>
            api.downloadAlarmHistory(input),
          ),
        },
        actions: { saveFile: (_, { fileName, blob }) => saveFile(fileName, blob) },
      }),
      alarmAcknowledge: alarmAcknowledgeMachine.provide({
        actors: {
          acknowledgeAlarm: fromPromise(({ input }: { input: { id: string; comment: string } }) =>
            api.acknowledgeAlarm(input.id, input.comment),
          ),
        },
      }),
      alarmShelving: alarmShelvingMachine.provide({
        actors: {
          shelveAlarm: fromPromise(({ input }: { input: { id: string; minutes: number; reason: string } }) =>
            api.shelveAlarm(input.id, input.minutes, input.reason),
          ),
          unshelveAlarm: fromPromise(({ input }: { input: { id: string } }) => api.unshelveAlarm(input.id)),
          loadShelved: fromPromise(() => api.shelvedAlarms()),
        },
      }),
      pushSubscription: pushSubscriptionMachine.provide({
        actors: {
          // A browser already subscribed is handed to whoever signed in now: pushes follow the user at this browser.
          checkSubscription: fromPromise(async () => {
            const current = await browser.pushSubscription();
            if (current === 'unsupported') return current;
            if (!current) return 'unsubscribed';
            await api.subscribePush(current);
            return 'subscribed';
          }),
          subscribe: fromPromise(async () => {
            const permission = await browser.requestPermission();
            if (permission !== 'granted') throw new Error('Notifications are not allowed');
            await api.subscribePush(await browser.subscribePush(await api.pushKey()));
          }),
          unsubscribe: fromPromise(async () => {
            const current = await browser.pushSubscription();
            await browser.unsubscribePush();
            await api.unsubscribePush(current && current !== 'unsupported' ? current.endpoint : undefined);
          }),
        },
      }),
      notificationTest: notificationTestMachine.provide({
        actors: {
          requestPermission,
          sendTest: fromPromise(async () => (await api.testNotification()).kind),
        },
      }),
    },
    actions: {
      signalAlarm: (_, { sound, notification, deviceName, codes }) => {
        if (sound) browser.beep();
        if (notification) browser.notify(deviceName, codes.map(alarmText).join(', '));
      },
    },
  });
}
