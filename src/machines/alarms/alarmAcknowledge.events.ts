import type { AlarmTarget } from './alarmEntries';

export const ACKNOWLEDGE_COMMENT_MAX = 500;

export type AlarmAcknowledgeEvent =
  | { type: 'acknowledge.open'; target: AlarmTarget }
  | { type: 'acknowledge.changeComment'; text: string }
  | { type: 'acknowledge.send' }
  | { type: 'acknowledge.cancel' };
