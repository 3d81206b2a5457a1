import type { AlarmEntry } from '#contracts';
import type { DateFormat } from '../dateRange/dateText';

/** The alarm switches of the account settings (SPEC §9 defaults: both off). */
export interface AlarmSettings {
  alarmSound: boolean;
  alarmBrowserNotifications: boolean;
}

/** What the alarm list needs of the signed-in user. */
export interface AlarmPreferences extends AlarmSettings {
  dateFormat: DateFormat;
  timeZone: string;
  /** DEVICES at WRITE: the user may acknowledge alarms. */
  canAcknowledge: boolean;
}

/** What a new alarm signals: the sound and the browser notification, each only if switched on. */
export interface AlarmSignal {
  sound: boolean;
  notification: boolean;
  deviceName: string;
  codes: string[];
}

export type AlarmListEvent =
  /** The app tells the user's preferences (settings read, or changed). */
  | { type: 'alarms.preferencesChanged'; preferences: AlarmPreferences }
  /** Stream facts, reported by the stream actor. */
  | { type: 'alarms.streamOpened' }
  | { type: 'alarms.entryReceived'; entry: AlarmEntry; eventId: string | null }
  | { type: 'alarms.streamDropped' }
  /** The server refused the stream: this sign-in holds as many as it may (other tabs). */
  | { type: 'alarms.streamRefused' }
  /** The user's switches in the alarms menu. */
  | { type: 'alarms.toggleSound' }
  | { type: 'alarms.toggleBrowserNotifications' };
