import type { ActiveAlarm, AlarmEntry } from '#contracts';

/** What an alarm's dialog (acknowledge, shelve) is about: one active alarm of one device. */
export interface AlarmTarget {
  alarm: ActiveAlarm;
  deviceName: string;
}

/** The entries with `entry` in place of its hexacode's (appended when new); an empty entry removes it. */
export function applyEntry(entries: readonly AlarmEntry[], entry: AlarmEntry): AlarmEntry[] {
  const others = entries.filter((known) => known.hexacode !== entry.hexacode);
  if (entry.empty) return others;
  const index = entries.findIndex((known) => known.hexacode === entry.hexacode);
  if (index < 0) return [...others, entry];
  return entries.map((known) => (known.hexacode === entry.hexacode ? entry : known));
}

/** Codes of the alarms of `entry` that were not active before (the ones worth a sound or a notification). */
export function newAlarmCodes(entries: readonly AlarmEntry[], entry: AlarmEntry): string[] {
  if (entry.empty) return [];
  const known = new Set(entries.flatMap((e) => e.alarms.map((alarm) => alarm.id)));
  return entry.alarms
    .filter((alarm) => !known.has(alarm.id) && alarm.state === 'ACTIVE_UNACKNOWLEDGED')
    .map((alarm) => alarm.code);
}

/** SPEC §4: the counter sums the entries' sizes. */
export const activeCount = (entries: readonly AlarmEntry[]): number =>
  entries.reduce((sum, entry) => sum + entry.size, 0);

/** Back-off before reconnection number `attempt` (1 for the first): 1 s, doubling, at most 30 s. */
export const reconnectDelay = (attempt: number): number => Math.min(1000 * 2 ** (attempt - 1), 30_000);
