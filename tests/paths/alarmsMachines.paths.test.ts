import { expect } from 'vitest';
import { fromCallback, type SnapshotFrom } from 'xstate';
import { alarmAcknowledgeMachine } from '../../src/machines/alarms/alarmAcknowledgeMachine';
import { alarmHistoryMachine } from '../../src/machines/alarms/alarmHistoryMachine';
import { activeCount } from '../../src/machines/alarms/alarmEntries';
import type { AlarmPreferences } from '../../src/machines/alarms/alarmList.events';
import { alarmListMachine, DEFAULT_ALARM_PREFERENCES } from '../../src/machines/alarms/alarmListMachine';
import { notificationTestMachine } from '../../src/machines/alarms/notificationTestMachine';
import { pushSubscriptionMachine } from '../../src/machines/alarms/pushSubscriptionMachine';
import type { AlarmSnapshot } from '../../src/services/api/alarms';
import { alarmEntry, historyRow } from '../support/alarmHandlers';
import { describeMachinePaths, modelEvents, pending } from '../support/machinePaths';

// Alone, the machines have no notifications actor to tell: those actions are no-ops here.
const quiet = { notifyAcknowledged: () => {}, notifyFailed: () => {}, notifySent: () => {} };

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

const history = modelEvents<typeof alarmHistoryMachine>();
describeMachinePaths('alarm history machine paths', alarmHistoryMachine, {
  runnable: alarmHistoryMachine.provide({ actors: { loadHistory: pending() }, actions: quiet }),
  models: {
    events: [
      { type: 'history.open', dateFormat: 'dd-LL-yyyy HH:mm', timeZone: 'UTC' },
      { type: 'history.close' },
      history.done('loadHistory', { data: [historyRow(0)], recordsFiltered: 30 }),
      history.failed('loadHistory', Object.assign(new Error('refused'), { reason: 'Range is too long' })),
      { type: 'history.changePage', page: 2 },
      { type: 'history.changePageLength', pageLength: 25 },
      { type: 'history.sort', field: 'deviceName' },
      { type: 'history.editFilter', field: 'hexacode', text: 'ZZ' },
      { type: 'history.editFilter', field: 'hexacode', text: '0A0B0C' },
      { type: 'history.applyFilters' },
      { type: 'history.clearFilters' },
    ],
    serializeState: (s: SnapshotFrom<typeof alarmHistoryMachine>) =>
      JSON.stringify({
        value: s.value,
        query: s.context.query,
        draft: s.context.draft.hexacode,
        errors: Object.keys(s.context.filterErrors),
        failed: s.context.error !== null,
      }),
  },
});

const ack = modelEvents<typeof alarmAcknowledgeMachine>();
describeMachinePaths('alarm acknowledge machine paths', alarmAcknowledgeMachine, {
  runnable: alarmAcknowledgeMachine.provide({ actors: { acknowledgeAlarm: pending() }, actions: quiet }),
  models: {
    events: [
      { type: 'acknowledge.open', target: { alarm: freezer.alarms[0]!, deviceName: 'Freezer 1' } },
      { type: 'acknowledge.changeComment', text: 'Door closed' },
      { type: 'acknowledge.changeComment', text: 'x'.repeat(501) },
      { type: 'acknowledge.send' },
      { type: 'acknowledge.cancel' },
      ack.done('acknowledgeAlarm'),
      ack.failed('acknowledgeAlarm'),
    ],
    serializeState: (s: SnapshotFrom<typeof alarmAcknowledgeMachine>) =>
      JSON.stringify({
        value: s.value,
        long: s.context.comment.length > 500,
        failed: s.context.error !== null,
      }),
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

const test = modelEvents<typeof notificationTestMachine>();
describeMachinePaths('notification test machine paths', notificationTestMachine, {
  runnable: notificationTestMachine.provide({
    actors: { requestPermission: pending(), sendTest: pending() },
    actions: quiet,
  }),
  models: {
    events: [
      { type: 'notificationTest.start' },
      { type: 'notificationTest.close' },
      test.done('requestPermission', 'granted'),
      test.done('requestPermission', 'denied'),
      test.failed('requestPermission'),
      test.done('sendTest'),
      test.failed('sendTest'),
    ],
    serializeState: (s: SnapshotFrom<typeof notificationTestMachine>) => JSON.stringify(s.value),
  },
});
