import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { AlarmSettings } from '../../../src/machines/alarms/alarmList.events';
import { alarmListMachine } from '../../../src/machines/alarms/alarmListMachine';
import type { DateFormat } from '../../../src/machines/dateRange/dateText';
import { formatDate } from '../../../src/machines/dateRange/dateText';
import type { AlarmEntry } from '#contracts';
import { withoutTimePassing } from '../fakes/alarmListBrowser';

/** What the server said of the alarms and what the user chose, as the test's own record (SPEC §4, §9). */
export interface AlarmFeedRecord {
  /** The active alarms: the last list loaded, with the stream's entries applied per hexacode. */
  entries: AlarmEntry[];
  /** The id of the last change seen (the list's, then the stream's): where the stream resumes. */
  lastEventId: string | null;
  sound: boolean;
  notifications: boolean;
  dateFormat: DateFormat;
}

/** SPEC §4: an entry replaces its hexacode's, an empty one removes it; a new device is added at the end. */
export function receiveEntry(record: AlarmFeedRecord, entry: AlarmEntry) {
  const index = record.entries.findIndex((known) => known.hexacode === entry.hexacode);
  if (entry.empty) record.entries = record.entries.filter((known) => known.hexacode !== entry.hexacode);
  else if (index < 0) record.entries = [...record.entries, entry];
  else record.entries = record.entries.map((known, at) => (at === index ? entry : known));
}

/** The codes of `entry` that ring: unacknowledged alarms not active before. */
export function newCodes(record: AlarmFeedRecord, entry: AlarmEntry): string[] {
  const known = new Set(record.entries.flatMap((e) => e.alarms.map((alarm) => alarm.id)));
  return entry.alarms
    .filter((alarm) => !known.has(alarm.id) && alarm.state === 'ACTIVE_UNACKNOWLEDGED')
    .map((alarm) => alarm.code);
}

export const settingsOf = (record: AlarmFeedRecord): AlarmSettings => ({
  alarmSound: record.sound,
  alarmBrowserNotifications: record.notifications,
});

const count = (record: AlarmFeedRecord) => record.entries.reduce((sum, entry) => sum + entry.size, 0);

/** The bell counts the active alarms (SPEC §4: the sum of the entries' sizes). */
export function bellCounts(record: AlarmFeedRecord) {
  expect(screen.getByRole('button', { name: `Alarms, ${count(record)} active` })).toBeTruthy();
}

/** The open menu lists each device with its alarms, raised at in the user's date format (UTC here). */
export function menuLists(record: AlarmFeedRecord, emptyText: string) {
  const list = screen.queryByRole('list', { name: 'Alarms' });
  if (record.entries.length === 0) {
    expect(list, 'the list of devices in alarm').toBeNull();
    expect(screen.getByText(emptyText)).toBeTruthy();
    return;
  }
  const devices = within(list!).getAllByRole('heading', { level: 3 });
  expect(devices.map((heading) => heading.textContent)).toEqual(
    record.entries.map((entry) => `${entry.name} ${entry.hexacode}`),
  );
  for (const alarm of record.entries.flatMap((entry) => entry.alarms)) {
    const raised = `Raised ${formatDate(Date.parse(alarm.raisedAt), record.dateFormat, 'UTC')}`;
    expect(within(list!).getAllByText(raised).length, raised).toBeGreaterThan(0);
  }
}

const switchNamed = (name: string) => screen.getByRole<HTMLButtonElement>('switch', { name });

/** The menu's sound and browser notification switches: on as recorded, usable only when nothing is pending. */
export function switchesShow(record: AlarmFeedRecord, enabled: boolean) {
  const sound = switchNamed('Sound on new alarms');
  const notifications = switchNamed('Browser notifications on new alarms');
  expect(sound.getAttribute('aria-checked'), 'the sound switch is on').toBe(String(record.sound));
  expect(notifications.getAttribute('aria-checked'), 'the notifications switch is on').toBe(
    String(record.notifications),
  );
  expect(sound.disabled, 'the sound switch is disabled').toBe(!enabled);
  expect(notifications.disabled, 'the notifications switch is disabled').toBe(!enabled);
}

/**
 * What the alarm list actor heard from its stream and the app, counted by type: only to wait until a message
 * the path sent has arrived when it changes nothing the user can see (a repeated entry, the stream opening).
 */
export function listHearing(inspect: (event: InspectionEvent) => void) {
  const heard = new Map<string, number>();
  return {
    inspect(event: InspectionEvent) {
      inspect(event);
      const { logic } = event.actorRef as { logic?: { id?: string } };
      if (event.type === '@xstate.event' && logic?.id === alarmListMachine.id)
        heard.set(event.event.type, (heard.get(event.event.type) ?? 0) + 1);
    },
    until: (type: string, count: number) =>
      withoutTimePassing(() => expect(heard.get(type) ?? 0, `the list heard ${type}`).toBe(count)),
  };
}
