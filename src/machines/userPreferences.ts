import {
  DEFAULT_ACCOUNT_SETTINGS,
  hasGrant,
  PC_NUMBER_MAX,
  PC_NUMBER_MIN,
  type AccountSettings,
  type Session,
} from '#contracts';
import type { DateFormat } from './dateRange/dateText';

/**
 * What the dashboard's dialogs need of the signed-in user: how dates are written and read (the account's date
 * format, on the wall clock of the user's time zone) and which buffers they may read and create (SPEC §6).
 */
export interface UserPreferences {
  dateFormat: DateFormat;
  timeZone: string;
  defaultPcNumber: number;
  /** The PC numbers the user may choose, ascending: 1–99 with APPLY_ACL at WRITE, else their own. */
  pcNumbers: readonly number[];
  /** Seconds: the shortest interval the user may give a buffer. */
  minBufferInterval: number;
  /** GRANT_BUFFERS at WRITE: the user may ask a save to create or change a buffer. */
  mayCreateBuffers: boolean;
}

const EVERY_PC_NUMBER = Array.from(
  { length: PC_NUMBER_MAX - PC_NUMBER_MIN + 1 },
  (_, index) => PC_NUMBER_MIN + index,
);

/** The preferences of a session and its account settings (SPEC §9 defaults until the settings are read). */
export function preferencesOf(
  session: Session | null,
  settings: AccountSettings | null,
  timeZone: string,
): UserPreferences {
  const { dateFormat, defaultPcNumber, pcNumbers, minBufferInterval } = settings ?? DEFAULT_ACCOUNT_SETTINGS;
  const authorities = session?.token.authorities ?? [];
  const own = [...new Set([...pcNumbers, defaultPcNumber])].sort((a, b) => a - b);
  return {
    dateFormat,
    timeZone,
    defaultPcNumber,
    pcNumbers: hasGrant(authorities, 'APPLY_ACL', 'WRITE') ? EVERY_PC_NUMBER : own,
    minBufferInterval,
    mayCreateBuffers: hasGrant(authorities, 'BUFFERS', 'WRITE'),
  };
}

/** Before the app has told who is signed in: the defaults, in UTC, with no grants. */
export const DEFAULT_PREFERENCES: UserPreferences = preferencesOf(null, null, 'UTC');
