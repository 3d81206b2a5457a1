import type { ActiveAlarm } from '#contracts';

export const ACKNOWLEDGE_COMMENT_MAX = 500;

/** What the acknowledge dialog is about: one alarm of one device. */
export interface AcknowledgeTarget {
  alarm: ActiveAlarm;
  deviceName: string;
}

export type AlarmAcknowledgeEvent =
  | { type: 'acknowledge.open'; target: AcknowledgeTarget }
  | { type: 'acknowledge.changeComment'; text: string }
  | { type: 'acknowledge.send' }
  | { type: 'acknowledge.cancel' };
