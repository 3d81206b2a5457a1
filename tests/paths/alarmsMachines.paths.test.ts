import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { activeCount } from '../../src/machines/alarms/alarmEntries';
import type { AlarmPreferences } from '../../src/machines/alarms/alarmList.events';
import { alarmListMachine, DEFAULT_ALARM_PREFERENCES } from '../../src/machines/alarms/alarmListMachine';
import { pushSubscriptionMachine } from '../../src/machines/alarms/pushSubscriptionMachine';
import type { AlarmSnapshot } from '../../src/services/api/alarms';
import { alarmEntry } from '../support/alarmHandlers';
import { describeMachinePaths, modelEvents, pending } from '../support/machinePaths';

// Alone, the machines have no notifications actor to tell: those actions are no-ops here.
const quiet = { notifyFailed: () => {} };
// The acknowledge, history and notification test machines are played on the views instead:
// tests/paths/alarmsMachines.view-paths.test.tsx.

const soundOn: AlarmPreferences = { ...DEFAULT_ALARM_PREFERENCES, alarmSound: true };
const list = modelEvents<typeof alarmListMachine>();
const freezer = alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']);
const cleared = alarmEntry('0A0B0C', 'Freezer 1', []);
const aloneList = alarmListMachine.provide({
  actors: {
    loadAlarms: pending<AlarmSnapshot>(),
    alarmStream: fromCallback(() => () => {}),
    saveSettings: pending(),
    requestPermission: pending(),
  },
  actions: { notifySaveFailed: () => {}, signalAlarm: () => {} },
});
type ListSnapshot = SnapshotFrom<typeof alarmListMachine>;

describeMachinePaths('alarm list machine paths', alarmListMachine, {
  runnable: aloneList,
  models: {
    events: [
      list.done('loadAlarms', { entries: [freezer], changeId: '3' }),
      // A server that names no change: after a drop the list is loaded again instead of resumed.
      list.done('loadAlarms', { entries: [], changeId: null }),
      list.failed('loadAlarms'),
      list.after('RELOAD', 'alarms.feed.failed'),
      { type: 'alarms.streamOpened' },
      { type: 'alarms.entryReceived', entry: freezer, eventId: '7' },
      { type: 'alarms.entryReceived', entry: cleared, eventId: null },
      { type: 'alarms.streamDropped' },
      list.after('RECONNECT', 'alarms.feed.reconnecting'),
      { type: 'alarms.preferencesChanged', preferences: soundOn },
      { type: 'alarms.toggleSound' },
      { type: 'alarms.toggleBrowserNotifications' },
      list.done('requestPermission', 'granted'),
      list.done('requestPermission', 'denied'),
      list.failed('requestPermission'),
      list.done('saveSettings'),
      list.failed('saveSettings'),
    ],
    serializeState: (s: ListSnapshot) =>
      JSON.stringify({
        value: s.value,
        count: activeCount(s.context.entries),
        resumable: s.context.lastEventId !== null,
        sound: s.context.preferences.alarmSound,
        notifications: s.context.preferences.alarmBrowserNotifications,
        retried: s.context.attempts > 0,
      }),
  },
  check: (actor) => {
    const { context } = actor.getSnapshot();
    // The counter is the sum of sizes and an entry is there only while it has alarms.
    expect(context.entries.every((entry) => !entry.empty)).toBe(true);
  },
});

const push = modelEvents<typeof pushSubscriptionMachine>();
describeMachinePaths('push subscription machine paths', pushSubscriptionMachine, {
  runnable: pushSubscriptionMachine.provide({
    actors: { checkSubscription: pending(), subscribe: pending(), unsubscribe: pending() },
    actions: quiet,
  }),
  models: {
    events: [
      push.done('checkSubscription', 'subscribed'),
      push.done('checkSubscription', 'unsubscribed'),
      push.done('checkSubscription', 'unsupported'),
      push.failed('checkSubscription'),
      { type: 'push.subscribe' },
      { type: 'push.unsubscribe' },
      push.done('subscribe'),
      push.failed('subscribe'),
      push.done('unsubscribe'),
      push.failed('unsubscribe'),
    ],
    serializeState: (s: SnapshotFrom<typeof pushSubscriptionMachine>) => JSON.stringify(s.value),
  },
});
