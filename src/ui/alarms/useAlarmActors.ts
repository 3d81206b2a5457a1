import type { ActorRefFrom } from 'xstate';
import type { alarmAcknowledgeMachine } from '../../machines/alarms/alarmAcknowledgeMachine';
import type { alarmHistoryMachine } from '../../machines/alarms/alarmHistoryMachine';
import type { alarmListMachine } from '../../machines/alarms/alarmListMachine';
import type { alarmShelvingMachine } from '../../machines/alarms/alarmShelvingMachine';
import { ALARM_SYSTEM_IDS } from '../../machines/alarms/alarmsSystem';
import type { notificationTestMachine } from '../../machines/alarms/notificationTestMachine';
import type { pushSubscriptionMachine } from '../../machines/alarms/pushSubscriptionMachine';
import { AppActor } from '../appActor';
import { useOptionalSystemActor } from '../dialogs/useOptionalSystemActor';

export type AlarmListRef = ActorRefFrom<typeof alarmListMachine>;

/** The alarm list while the signed-in world runs it (undefined before). */
export const useAlarmList = () => useOptionalSystemActor<AlarmListRef>(ALARM_SYSTEM_IDS.list);

/** The workflows the alarm list spawned; call only while the list exists. */
export function useAlarmWorkflows() {
  const { system } = AppActor.useActorRef();
  const get = <T>(id: string) => system.get(id) as T;
  return {
    history: get<ActorRefFrom<typeof alarmHistoryMachine>>(ALARM_SYSTEM_IDS.history),
    acknowledge: get<ActorRefFrom<typeof alarmAcknowledgeMachine>>(ALARM_SYSTEM_IDS.acknowledge),
    shelving: get<ActorRefFrom<typeof alarmShelvingMachine>>(ALARM_SYSTEM_IDS.shelving),
    push: get<ActorRefFrom<typeof pushSubscriptionMachine>>(ALARM_SYSTEM_IDS.push),
    notificationTest: get<ActorRefFrom<typeof notificationTestMachine>>(ALARM_SYSTEM_IDS.notificationTest),
  };
}
