/** systemIds of the alarm workflows; the alarm list spawns the others and they live as long as it. */
export const ALARM_SYSTEM_IDS = {
  list: 'alarms',
  history: 'alarmHistory',
  acknowledge: 'alarmAcknowledge',
  shelving: 'alarmShelving',
  push: 'pushSubscription',
  notificationTest: 'notificationTest',
} as const;
