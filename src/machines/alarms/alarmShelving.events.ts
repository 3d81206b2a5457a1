import type { ShelvedAlarm } from '#contracts';
import type { AlarmTarget } from './alarmEntries';

/** The shelve dialog's first value: the tenant's maximum is the server's to say (8 hours unless set). */
export const SHELVE_DEFAULT_MINUTES = '60';

export type AlarmShelvingEvent =
  | { type: 'shelve.open'; target: AlarmTarget }
  | { type: 'shelve.changeMinutes'; text: string }
  | { type: 'shelve.changeReason'; text: string }
  | { type: 'shelve.send' }
  | { type: 'shelve.cancel' }
  | { type: 'shelved.load' }
  | { type: 'shelved.unshelve'; id: string };

export type { ShelvedAlarm };
