import type { ActiveAlarm, ShelvedAlarm } from '#contracts';

/** The shelve dialog's first value: the tenant's maximum is the server's to say (8 hours unless set). */
export const SHELVE_DEFAULT_MINUTES = '60';

/** What a shelve is about: one active alarm of one device. */
export interface ShelveTarget {
  alarm: ActiveAlarm;
  deviceName: string;
}

export type AlarmShelvingEvent =
  | { type: 'shelve.open'; target: ShelveTarget }
  | { type: 'shelve.changeMinutes'; text: string }
  | { type: 'shelve.changeReason'; text: string }
  | { type: 'shelve.send' }
  | { type: 'shelve.cancel' }
  | { type: 'shelved.load' }
  | { type: 'shelved.unshelve'; id: string };

export type { ShelvedAlarm };
