import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild } from 'xstate';
import type { AlarmEntry } from '#contracts';
import type { AlarmSnapshot } from '../../services/api/alarms';
import { notifying } from '../notifications/notify';
import { alarmAcknowledgeMachine } from './alarmAcknowledgeMachine';
import { alarmShelvingMachine } from './alarmShelvingMachine';
import { alarmHistoryMachine } from './alarmHistoryMachine';
import { applyEntry, newAlarmCodes, reconnectDelay } from './alarmEntries';
import type { AlarmListEvent, AlarmPreferences, AlarmSettings, AlarmSignal } from './alarmList.events';
import { ALARM_SYSTEM_IDS } from './alarmsSystem';
import type { NotificationPermissionState } from '../../services/alarmBrowser';
import { requestPermission } from './notificationPermission';
import { notificationTestMachine } from './notificationTestMachine';
import { pushSubscriptionMachine } from './pushSubscriptionMachine';
import { notProvided } from '../notProvided';

export interface AlarmListContext {
  entries: AlarmEntry[];
  /** The id of the last stream event, to resume after a drop (null: none yet, reload instead). */
  lastEventId: string | null;
  /** Reconnections since the stream last opened (the back-off grows with it). */
  attempts: number;
  preferences: AlarmPreferences;
}

export const DEFAULT_ALARM_PREFERENCES: AlarmPreferences = {
  alarmSound: false,
  alarmBrowserNotifications: false,
  dateFormat: 'dd-LL-yyyy HH:mm',
  timeZone: 'UTC',
  canAcknowledge: false,
};

const signalOf = (context: AlarmListContext, entry: AlarmEntry): AlarmSignal => ({
  sound: context.preferences.alarmSound,
  notification: context.preferences.alarmBrowserNotifications,
  deviceName: entry.name,
  codes: newAlarmCodes(context.entries, entry),
});

/**
 * After the server refused the stream as one too many for the sign-in (other tabs): long enough not to knock on
 * every back-off, short enough to take a place freed by a tab closed meanwhile.
 */
export const STREAM_CROWDED_RETRY_MS = 60_000;

/** SPEC §4 alarm list: the initial load, then the stream replaces or removes entries per hexacode. */
export const alarmListMachine = setup({
  types: {
    context: {} as AlarmListContext,
    events: {} as AlarmListEvent,
    input: {} as { preferences?: AlarmPreferences } | undefined,
  },
  actors: {
    // GET /api/v2/alarms/ (provided).
    loadAlarms: notProvided<AlarmSnapshot>('loadAlarms'),
    // One connection of the SSE stream, reporting its facts (provided).
    alarmStream: fromCallback<AlarmListEvent, { lastEventId: string | null }>(() => () => {}),
    // POST /api/v2/account/settings with the switches (provided).
    saveSettings: fromPromise<void, AlarmSettings>(() => Promise.resolve()),
    // Before browser notifications are switched on.
    requestPermission,
    alarmHistory: alarmHistoryMachine,
    alarmAcknowledge: alarmAcknowledgeMachine,
    alarmShelving: alarmShelvingMachine,
    pushSubscription: pushSubscriptionMachine,
    notificationTest: notificationTestMachine,
  },
  delays: {
    RECONNECT: ({ context }) => reconnectDelay(context.attempts),
    RELOAD: 10_000,
    CROWDED_RETRY: STREAM_CROWDED_RETRY_MS,
  },
  guards: {
    canResume: ({ context }) => context.lastEventId !== null,
    granted: (_, params: { permission: NotificationPermissionState }) => params.permission === 'granted',
    /** The entry brings an alarm not seen before and the user wants to hear or see new ones. */
    bringsNewAlarm: ({ context }, params: { entry: AlarmEntry }) =>
      newAlarmCodes(context.entries, params.entry).length > 0 &&
      (context.preferences.alarmSound || context.preferences.alarmBrowserNotifications),
    notificationsOn: ({ context }) => context.preferences.alarmBrowserNotifications,
  },
  actions: {
    // The sound and the browser notification of a new alarm (provided).
    signalAlarm: (_, _params: AlarmSignal) => {},
    // The stream starts after the change the list includes, so nothing made in between is missed.
    assignSnapshot: assign((_, params: AlarmSnapshot) => ({
      entries: params.entries,
      lastEventId: params.changeId,
    })),
    applyEntry: assign(({ context }, params: { entry: AlarmEntry; eventId: string | null }) => ({
      entries: applyEntry(context.entries, params.entry),
      lastEventId: params.eventId ?? context.lastEventId,
    })),
    resetAttempts: assign({ attempts: 0 }),
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    assignPreferences: assign({
      preferences: (_, params: { preferences: AlarmPreferences }) => params.preferences,
    }),
    assignSettings: assign({
      preferences: ({ context }, params: Partial<AlarmSettings>) => ({ ...context.preferences, ...params }),
    }),
    notifySaveFailed: notifying('error', 'alarmsUi.settingsFailed'),
  },
}).createMachine({
  id: 'alarms',
  context: ({ input }) => ({
    entries: [],
    lastEventId: null,
    attempts: 0,
    preferences: input?.preferences ?? DEFAULT_ALARM_PREFERENCES,
  }),
  // The dialogs' and switches' workflows live as long as the list; views find them by systemId.
  entry: [
    spawnChild('alarmHistory', { id: ALARM_SYSTEM_IDS.history, systemId: ALARM_SYSTEM_IDS.history }),
    spawnChild('alarmAcknowledge', {
      id: ALARM_SYSTEM_IDS.acknowledge,
      systemId: ALARM_SYSTEM_IDS.acknowledge,
    }),
    spawnChild('alarmShelving', { id: ALARM_SYSTEM_IDS.shelving, systemId: ALARM_SYSTEM_IDS.shelving }),
    spawnChild('pushSubscription', { id: ALARM_SYSTEM_IDS.push, systemId: ALARM_SYSTEM_IDS.push }),
    spawnChild('notificationTest', {
      id: ALARM_SYSTEM_IDS.notificationTest,
      systemId: ALARM_SYSTEM_IDS.notificationTest,
    }),
  ],
  on: {
    'alarms.preferencesChanged': {
      actions: { type: 'assignPreferences', params: ({ event }) => ({ preferences: event.preferences }) },
    },
  },
  type: 'parallel',
  states: {
    feed: {
      description: 'The alarm list and its live updates.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The open alarms are being fetched.',
          invoke: {
            id: 'loadAlarms',
            src: 'loadAlarms',
            onDone: {
              target: 'streaming',
              actions: { type: 'assignSnapshot', params: ({ event }) => event.output },
            },
            onError: 'failed',
          },
        },
        // Nothing to show yet: try again a little later.
        failed: {
          description: 'The alarms could not be loaded; the list tries again shortly.',
          after: { RELOAD: 'loading' },
        },
        streaming: {
          description:
            'The list is live: new and changed alarms arrive as they happen, a new alarm rings and notifies.',
          invoke: {
            id: 'alarmStream',
            src: 'alarmStream',
            input: ({ context }) => ({ lastEventId: context.lastEventId }),
          },
          on: {
            'alarms.streamOpened': { actions: 'resetAttempts' },
            'alarms.entryReceived': [
              {
                guard: { type: 'bringsNewAlarm', params: ({ event }) => ({ entry: event.entry }) },
                actions: [
                  { type: 'signalAlarm', params: ({ context, event }) => signalOf(context, event.entry) },
                  {
                    type: 'applyEntry',
                    params: ({ event }) => ({ entry: event.entry, eventId: event.eventId }),
                  },
                ],
              },
              {
                actions: {
                  type: 'applyEntry',
                  params: ({ event }) => ({ entry: event.entry, eventId: event.eventId }),
                },
              },
            ],
            'alarms.streamDropped': 'reconnecting',
            'alarms.streamRefused': 'crowded',
          },
        },
        crowded: {
          description:
            'The server refused the stream: this sign-in holds as many as it may (other tabs). The list says so and tries again a minute later.',
          after: { CROWDED_RETRY: [{ guard: 'canResume', target: 'streaming' }, { target: 'loading' }] },
        },
        // Back-off, then resume after the last event seen, or reload the list when there is none.
        reconnecting: {
          description:
            'The live stream dropped; after a back-off it resumes where it stopped or reloads the list.',
          entry: 'countAttempt',
          after: { RECONNECT: [{ guard: 'canResume', target: 'streaming' }, { target: 'loading' }] },
        },
      },
    },
    settings: {
      description: "The user's alarm sound and browser notification switches.",
      initial: 'idle',
      states: {
        idle: {
          description: 'The switches show the saved settings and can be toggled.',
          on: {
            'alarms.toggleSound': {
              target: 'saving',
              actions: {
                type: 'assignSettings',
                params: ({ context }) => ({ alarmSound: !context.preferences.alarmSound }),
              },
            },
            'alarms.toggleBrowserNotifications': [
              {
                guard: 'notificationsOn',
                target: 'saving',
                actions: { type: 'assignSettings', params: { alarmBrowserNotifications: false } },
              },
              { target: 'askingPermission' },
            ],
          },
        },
        askingPermission: {
          description: 'The browser asks the user whether this site may show notifications.',
          invoke: {
            id: 'requestPermission',
            src: 'requestPermission',
            onDone: [
              {
                guard: { type: 'granted', params: ({ event }) => ({ permission: event.output }) },
                target: 'saving',
                actions: { type: 'assignSettings', params: { alarmBrowserNotifications: true } },
              },
              // Refused: the notification test explains how to reset the browser's permission.
              {
                target: 'idle',
                actions: sendTo(ALARM_SYSTEM_IDS.notificationTest, { type: 'notificationTest.start' }),
              },
            ],
            onError: 'idle',
          },
        },
        saving: {
          description: "The changed switch is being saved to the user's settings.",
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => ({
              alarmSound: context.preferences.alarmSound,
              alarmBrowserNotifications: context.preferences.alarmBrowserNotifications,
            }),
            onDone: 'idle',
            onError: { target: 'idle', actions: 'notifySaveFailed' },
          },
        },
      },
    },
  },
});
