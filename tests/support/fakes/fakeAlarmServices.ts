import { vi } from 'vitest';
import type { AlarmServices } from '../../../src/services/services';
import type { AlarmsApi } from '../../../src/services/api/alarms';
import type { AlarmBrowser } from '../../../src/services/alarmBrowser';
import type { AlarmStreamFactory } from '../../../src/services/alarmStream';

/** Alarm services with every call a spy: no alarms, a stream that never speaks, no push; override per test. */
export function fakeAlarmServices(api: Partial<AlarmsApi> = {}, browser: Partial<AlarmBrowser> = {}) {
  return {
    api: {
      listAlarms: vi.fn<AlarmsApi['listAlarms']>().mockResolvedValue({ entries: [], changeId: '0' }),
      alarmHistory: vi.fn<AlarmsApi['alarmHistory']>().mockResolvedValue({ data: [], recordsFiltered: 0 }),
      downloadAlarmHistory: vi
        .fn<AlarmsApi['downloadAlarmHistory']>()
        .mockResolvedValue({ fileName: 'alarm-history.csv', blob: new Blob(['id\r\n']) }),
      acknowledgeAlarm: vi.fn<AlarmsApi['acknowledgeAlarm']>().mockResolvedValue(undefined),
      shelveAlarm: vi.fn<AlarmsApi['shelveAlarm']>().mockResolvedValue(undefined),
      unshelveAlarm: vi.fn<AlarmsApi['unshelveAlarm']>().mockResolvedValue(undefined),
      shelvedAlarms: vi.fn<AlarmsApi['shelvedAlarms']>().mockResolvedValue([]),
      saveAlarmSettings: vi
        .fn<AlarmsApi['saveAlarmSettings']>()
        .mockRejectedValue(new Error('not in this test')),
      pushKey: vi.fn<AlarmsApi['pushKey']>().mockResolvedValue('BKey'),
      subscribePush: vi.fn<AlarmsApi['subscribePush']>().mockResolvedValue(undefined),
      unsubscribePush: vi.fn<AlarmsApi['unsubscribePush']>().mockResolvedValue(undefined),
      testNotification: vi
        .fn<AlarmsApi['testNotification']>()
        .mockResolvedValue({ kind: 'sent', result: { delivered: 1, failed: 0, removed: 0 } }),
      ...api,
    },
    stream: vi.fn<AlarmStreamFactory>(() => () => {}),
    browser: {
      beep: vi.fn(),
      notify: vi.fn(),
      requestPermission: vi.fn<AlarmBrowser['requestPermission']>().mockResolvedValue('denied'),
      pushSubscription: vi.fn<AlarmBrowser['pushSubscription']>().mockResolvedValue('unsupported'),
      subscribePush: vi.fn<AlarmBrowser['subscribePush']>().mockRejectedValue(new Error('no push')),
      unsubscribePush: vi.fn<AlarmBrowser['unsubscribePush']>().mockResolvedValue(undefined),
      ...browser,
    },
    alarmText: (code: string) => code,
  } satisfies AlarmServices;
}
