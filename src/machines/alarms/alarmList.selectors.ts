import type { SnapshotFrom } from 'xstate';
import { activeCount } from './alarmEntries';
import type { alarmListMachine } from './alarmListMachine';

type Snapshot = SnapshotFrom<typeof alarmListMachine>;

export const selectAlarmEntries = (s: Snapshot) => s.context.entries;
/** SPEC §4: the bell's counter sums the entries' sizes. */
export const selectAlarmCount = (s: Snapshot): number => activeCount(s.context.entries);
export const selectAlarmsLoading = (s: Snapshot): boolean => s.matches({ feed: 'loading' });
export const selectAlarmsFailed = (s: Snapshot): boolean => s.matches({ feed: 'failed' });
export const selectReconnecting = (s: Snapshot): boolean => s.matches({ feed: 'reconnecting' });
export const selectStreamCrowded = (s: Snapshot): boolean => s.matches({ feed: 'crowded' });
export const selectAlarmPreferences = (s: Snapshot) => s.context.preferences;
export const selectSettingsBusy = (s: Snapshot): boolean => !s.matches({ settings: 'idle' });
