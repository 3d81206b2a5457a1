import '../support/fakes/resizeObserver';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeAll, expect, vi } from 'vitest';
import type { InspectionEvent, SnapshotFrom } from 'xstate';
import type { AlarmSettings } from '../../src/machines/alarms/alarmList.events';
import {
  alarmListMachine,
  DEFAULT_ALARM_PREFERENCES,
  STREAM_CROWDED_RETRY_MS,
} from '../../src/machines/alarms/alarmListMachine';
import type { AccountSettings, AlarmEntry } from '#contracts';
import { storeSession } from '../support/dom/renderApp';
import {
  fakeAlarmBrowser,
  runClockTo,
  withoutTimePassing,
  type FakeAlarmBrowser,
} from '../support/fakes/alarmListBrowser';
import { heldAccountSettings, heldAlarmList, heldAlarmStream } from '../support/servers/alarmListServer';
import {
  bellCounts,
  listHearing,
  menuLists,
  newCodes,
  receiveEntry,
  settingsOf,
  switchesShow,
  type AlarmFeedRecord,
} from '../support/worlds/alarmListWorld';
import { alarmEntry, alarmServer } from '../support/servers/alarmHandlers';
import { operatorSession } from '../support/fixtures/fixtures';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, renderProduct } from '../support/paths/viewPaths';
import { server } from '../ui/setup';
import { toastsAsExpected, toastsShown } from '../support/dom/toastsShown';

type ListSnapshot = SnapshotFrom<typeof alarmListMachine>;
type ListModelEvent = Parameters<typeof alarmListMachine.transition>[1];

const list = modelEvents<typeof alarmListMachine>();
const freezer = alarmEntry('0A0B0C', 'Freezer 1', ['HIGH_TEMPERATURE']);
const cleared = alarmEntry('0A0B0C', 'Freezer 1', []);
/** The date format of the user's saved settings, unlike the default the app starts with. */
const READ_FORMAT = 'yyyy-LL-dd HH:mm';
// `kind` only names the answer in the test names.
const LOADED = list.done('loadAlarms', { entries: [freezer], changeId: '3', kind: 'one alarm, change 3' });
// A server that names no change: after a drop the list is loaded again instead of resumed.
const LOADED_UNNAMED = list.done('loadAlarms', { entries: [], changeId: null, kind: 'none, no change' });
const LOAD_FAILED = list.failed('loadAlarms');
const RELOAD_DUE = list.after('RELOAD', 'alarms.feed.failed');
const RECONNECT_DUE = list.after('RECONNECT', 'alarms.feed.reconnecting');
const CROWDED_RETRY_DUE = list.after('CROWDED_RETRY', 'alarms.feed.crowded');
const GRANTED = list.done('requestPermission', 'granted');
const PROMPT_FAILED = list.failed('requestPermission');
const SAVED = list.done('saveSettings');
const SAVE_FAILED = list.failed('saveSettings');
const LOAD_FAILED_TEXT = 'Alarms could not be loaded; retrying';
const RECONNECTING_TEXT = 'Connection to live alarms lost; reconnecting';
const CROWDED_TEXT =
  'Too many tabs are open with this sign-in: alarms here are not live. This tab tries again in a minute.';
/** SPEC §4 alarm list: the list is loaded again 10 s after a failure. */
const RELOAD_MS = 10_000;

interface ListWorld extends AlarmFeedRecord {
  toasts: ReturnType<typeof toastsShown>;
  browser: FakeAlarmBrowser;
  lists: ReturnType<typeof heldAlarmList>;
  stream: ReturnType<typeof heldAlarmStream>;
  settings: ReturnType<typeof heldAccountSettings>;
  /** The account settings were answered (read once at sign-in). */
  settingsRead: boolean;
  heard: ReturnType<typeof listHearing>;
  /** Stream connections opened and entries sent on them, by the path. */
  opened: number;
  sent: number;
  /** Reconnections since the stream last opened, and when (fake clock) the stream dropped or the load failed. */
  attempts: number;
  since: number;
  /** The Notifications blocked dialog is open. */
  blocked: boolean;
  expectedLoads: number;
  /** The Last-Event-ID of each stream connection (null: none sent). */
  expectedResumes: (string | null)[];
  expectedSaves: AlarmSettings[];
  expectedBeeps: number;
  expectedNotifications: { title: string; body: string }[];
  expectedAsks: number;
  expectedToasts: string[];
}

/** Back-off before a reconnection (SPEC: 1 s, doubling with each attempt, at most 30 s). */
const reconnectDelay = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), 30_000);

async function start(inspect: (event: InspectionEvent) => void): Promise<ListWorld> {
  // The list's reload and reconnection waits are time passing: the page runs on the fake clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  const browser = fakeAlarmBrowser();
  const lists = heldAlarmList();
  const stream = heldAlarmStream();
  const settings = heldAccountSettings();
  server.use(lists.handler, stream.handler, ...settings.handlers, ...alarmServer([]).handlers);
  storeSession(operatorSession);
  const heard = listHearing(inspect);
  renderProduct('/', { inspect: heard.inspect });
  // Without time passing: the held requests would time out (ky's 10 s) before the path answers them.
  await withoutTimePassing(() => screen.getByRole('button', { name: 'Alarms, 0 active' }), 20_000);
  // The switches and the status live in the alarms menu: it stays open while the path plays.
  await openMenu();
  return {
    entries: [],
    lastEventId: null,
    sound: false,
    notifications: false,
    dateFormat: DEFAULT_ALARM_PREFERENCES.dateFormat,
    toasts: toastsShown(),
    browser,
    lists,
    stream,
    settings,
    settingsRead: false,
    heard,
    opened: 0,
    sent: 0,
    attempts: 0,
    since: 0,
    blocked: false,
    expectedLoads: 1,
    expectedResumes: [],
    expectedSaves: [],
    expectedBeeps: 0,
    expectedNotifications: [],
    expectedAsks: 0,
    expectedToasts: [],
  };
}

/** A stream message: a new alarm rings and notifies as the user chose, then the entry is applied. */
async function receive(world: ListWorld, entry: AlarmEntry, eventId: string | null) {
  // Entries come on an open stream: the server answers the connection first.
  if (world.stream.connections.at(-1)?.state === 'waiting') await openStream(world);
  world.stream.send(entry, eventId);
  await world.heard.until('alarms.entryReceived', ++world.sent);
  if (newCodes(world, entry).length > 0) {
    if (world.sound) world.expectedBeeps++;
    // alarmText of the only code sent here.
    if (world.notifications && world.browser.permission === 'granted')
      world.expectedNotifications.push({ title: entry.name, body: 'High temperature' });
  }
  receiveEntry(world, entry);
  world.lastEventId = eventId ?? world.lastEventId;
}

/** The server answers the stream connection: the back-off starts over. */
async function openStream(world: ListWorld) {
  world.stream.open();
  world.attempts = 0;
  await world.heard.until('alarms.streamOpened', ++world.opened);
}

/** The waits of the feed, on the fake clock: the next load or connection comes exactly when due. */
async function timePasses(world: ListWorld, type: string) {
  const crowded = type === CROWDED_RETRY_DUE.type;
  const reconnect = type === RECONNECT_DUE.type || crowded;
  const delay = crowded ? STREAM_CROWDED_RETRY_MS : reconnect ? reconnectDelay(world.attempts) : RELOAD_MS;
  const resume = reconnect && world.lastEventId !== null;
  const requests = () => (resume ? world.stream.connections.length : world.lists.received.length);
  const before = requests();
  await runClockTo(
    world.since + delay,
    () => expect(requests(), 'nothing is asked before the wait is over').toBe(before),
    () => expect(requests(), 'asked again when the wait is over').toBe(before + 1),
  );
  if (resume) world.expectedResumes.push(world.lastEventId);
  else world.expectedLoads++;
}

/** Opens the alarms menu unless it is open (user-event and findBy… would wait on the fake clock). */
async function openMenu() {
  const opened = () => screen.getByRole('button', { name: 'Alarm history' });
  if (screen.queryByRole('button', { name: 'Alarm history' })) return;
  fireEvent.click(screen.getByRole('button', { name: /^Alarms, \d+ active$/ }));
  await withoutTimePassing(opened);
}

/** The user closes the Notifications blocked dialog and opens the menu again. */
async function backToMenu(world: ListWorld) {
  if (world.blocked) {
    const dialog = screen.getByRole('dialog', { name: 'Notifications blocked' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    world.blocked = false;
  }
  await openMenu();
}

/**
 * The account settings arrive and the app tells the list; in paths that do not play the model's event they
 * are the defaults the list started with (and the user's next click must not race them).
 */
async function readSettings(world: ListWorld, settings: Partial<AccountSettings>) {
  await world.settings.answerRead(settings);
  world.settingsRead = true;
  await world.heard.until('alarms.preferencesChanged', 1);
}

async function play(event: ListModelEvent, world: ListWorld) {
  const type: string = event.type;
  const output = (event as unknown as { output?: unknown }).output;
  await backToMenu(world);
  if (event.type === 'alarms.preferencesChanged') {
    // The user's saved settings arrive after the alarm list started: sound on, another date format.
    await readSettings(world, { alarmSound: true, dateFormat: READ_FORMAT });
    Object.assign(world, { sound: true, dateFormat: READ_FORMAT });
    return;
  }
  if (!world.settingsRead) await readSettings(world, {});
  switch (type) {
    case 'alarms.streamOpened':
      return openStream(world);
    case 'alarms.entryReceived': {
      const { entry, eventId } = event as Extract<ListModelEvent, { type: 'alarms.entryReceived' }>;
      return receive(world, entry, eventId);
    }
    case 'alarms.streamDropped':
      world.stream.drop();
      world.attempts++;
      await withoutTimePassing(() => screen.getByText(RECONNECTING_TEXT));
      world.since = Date.now();
      return;
    case 'alarms.streamRefused':
      // The server refuses a stream as it is asked for, before any event: one too many for the sign-in.
      world.stream.refuse();
      await withoutTimePassing(() => screen.getByText(CROWDED_TEXT));
      world.since = Date.now();
      return;
    case RELOAD_DUE.type:
    case RECONNECT_DUE.type:
    case CROWDED_RETRY_DUE.type:
      return timePasses(world, type);
    case LOADED.type: {
      const { entries, changeId } = output as { entries: AlarmEntry[]; changeId: string | null };
      await world.lists.answerWith(entries, changeId);
      Object.assign(world, { entries, lastEventId: changeId });
      world.expectedResumes.push(changeId);
      return;
    }
    case LOAD_FAILED.type:
      await world.lists.answer(() => new HttpResponse(null, { status: 503 }));
      await withoutTimePassing(() => screen.getByText(LOAD_FAILED_TEXT));
      world.since = Date.now();
      return;
    case 'alarms.toggleSound':
      fireEvent.click(screen.getByRole('switch', { name: 'Sound on new alarms' }));
      world.sound = !world.sound;
      world.expectedSaves.push(settingsOf(world));
      return;
    case 'alarms.toggleBrowserNotifications':
      fireEvent.click(screen.getByRole('switch', { name: 'Browser notifications on new alarms' }));
      if (world.notifications) {
        world.notifications = false;
        world.expectedSaves.push(settingsOf(world));
        return;
      }
      // A browser asks its user once per site; the paths switch notifications on at most once.
      expect(world.browser.permission, 'the user has not chosen yet').toBe('default');
      world.expectedAsks++;
      return;
    case GRANTED.type:
      await world.browser.answerPrompt(output as 'granted' | 'denied');
      // Refused: the notification test explains how to allow them (it asks the browser, which says no).
      if (output !== 'granted') return void (world.blocked = true);
      world.notifications = true;
      world.expectedSaves.push(settingsOf(world));
      return;
    case PROMPT_FAILED.type:
      return world.browser.answerPrompt(new Error('The prompt was dismissed'));
    case SAVED.type:
      return world.settings.answerSave(world.expectedSaves.at(-1)!);
    case SAVE_FAILED.type:
      world.expectedToasts.push('Alarm settings could not be saved');
      return world.settings.saves.answer(() => new HttpResponse(null, { status: 500 }));
  }
}

/** The bell, the menu's list and status line, the sounds and notifications, and what the server was asked. */
function feedShows(
  world: ListWorld,
  status: string | null,
  waiting: { loads: number; streams: number },
  emptyText = 'No active alarms',
) {
  bellCounts(world);
  if (!world.blocked) {
    menuLists(world, emptyText);
    for (const text of [LOAD_FAILED_TEXT, RECONNECTING_TEXT, CROWDED_TEXT])
      expect(screen.queryByText(text) !== null, text).toBe(text === status);
  }
  expect(world.lists.waiting(), 'a list load waits for the server').toBe(waiting.loads);
  expect(world.lists.received.length, 'list loads').toBe(world.expectedLoads);
  expect(world.stream.live(), 'stream connections').toBe(waiting.streams);
  expect(
    world.stream.connections.map((connection) => connection.lastEventId),
    'the stream resumed after',
  ).toEqual(world.expectedResumes);
  expect(world.browser.beeps, 'beeps').toBe(world.expectedBeeps);
  expect(world.browser.notifications, 'browser notifications').toEqual(world.expectedNotifications);
}

/** The switches as recorded, the blocked dialog, the permission prompts and the settings saved. */
function settingsShow(world: ListWorld, state: { enabled: boolean; prompts: number; saves: number }) {
  if (world.blocked) {
    const dialog = screen.getByRole('dialog', { name: 'Notifications blocked' });
    expect(within(dialog).getByText(/open the site settings/)).toBeTruthy();
  } else {
    expect(screen.queryByRole('dialog', { name: 'Notifications blocked' })).toBeNull();
    switchesShow(world, state.enabled);
  }
  expect(world.browser.prompts.length, 'permission prompts open').toBe(state.prompts);
  expect(world.browser.asked, 'permission prompts opened').toBe(world.expectedAsks);
  expect(world.settings.saves.waiting(), 'a save waits for the server').toBe(state.saves);
  expect(world.settings.saves.received, 'settings saved').toEqual(world.expectedSaves);
  toastsAsExpected(world);
}

/** Nothing changed since sign-in: the user's settings may still arrive (once). */
const atSignIn = (s: ListSnapshot) =>
  s.matches({ feed: 'loading', settings: 'idle' }) &&
  s.context.attempts === 0 &&
  s.context.entries.length === 0 &&
  s.context.preferences === DEFAULT_ALARM_PREFERENCES;

// The signed-in part of the app is a chunk of its own: loaded once here, not inside the first path's time.
beforeAll(
  () =>
    Promise.all([
      import('../../src/machines/app/provideSignedInWorld'),
      import('../../src/ui/layout/MainLayout'),
    ]),
  60_000,
);

describeViewPaths('alarm list, played from the bell and its menu', alarmListMachine, {
  model: {
    events: [
      {
        type: 'alarms.preferencesChanged',
        preferences: { ...DEFAULT_ALARM_PREFERENCES, alarmSound: true, dateFormat: READ_FORMAT },
      },
      LOADED,
      LOADED_UNNAMED,
      LOAD_FAILED,
      RELOAD_DUE,
      { type: 'alarms.streamOpened' },
      { type: 'alarms.entryReceived', entry: freezer, eventId: '7' },
      { type: 'alarms.entryReceived', entry: cleared, eventId: null },
      { type: 'alarms.streamDropped' },
      RECONNECT_DUE,
      { type: 'alarms.streamRefused' },
      CROWDED_RETRY_DUE,
      { type: 'alarms.toggleSound' },
      { type: 'alarms.toggleBrowserNotifications' },
      GRANTED,
      list.done('requestPermission', 'denied'),
      PROMPT_FAILED,
      SAVED,
      SAVE_FAILED,
    ],
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        entries: s.context.entries.length,
        resumable: s.context.lastEventId !== null,
        sound: s.context.preferences.alarmSound,
        notifications: s.context.preferences.alarmBrowserNotifications,
        retried: s.context.attempts > 0,
        signIn: atSignIn(s),
      }),
    // The settings are read once, when the user signs in.
    filterEvents: (s, event) => event.type !== 'alarms.preferencesChanged' || atSignIn(s),
  },
  shortestPaths:
    'the settings read at sign-in is answered with the first other event, and a walk that fails a load and ' +
    'loads again looks, to the model, as if nothing had happened since sign-in; a browser asks its user once',
  start,
  play,
  stop: (world) => {
    world.browser.prompts.forEach((prompt) => prompt.reject(new Error('the test ended')));
    world.lists.release();
    world.stream.release();
    world.settings.reads.release();
    world.settings.saves.release();
    world.browser.restore();
    vi.useRealTimers();
  },
  states: {
    'feed.loading': (_, world) => feedShows(world, null, { loads: 1, streams: 0 }, 'Loading alarms…'),
    'feed.failed': (_, world) => feedShows(world, LOAD_FAILED_TEXT, { loads: 0, streams: 0 }),
    'feed.streaming': (_, world) => feedShows(world, null, { loads: 0, streams: 1 }),
    'feed.reconnecting': (_, world) => feedShows(world, RECONNECTING_TEXT, { loads: 0, streams: 0 }),
    'feed.crowded': (_, world) => feedShows(world, CROWDED_TEXT, { loads: 0, streams: 0 }),
    'settings.idle': (_, world) => settingsShow(world, { enabled: true, prompts: 0, saves: 0 }),
    'settings.askingPermission': (_, world) => settingsShow(world, { enabled: false, prompts: 1, saves: 0 }),
    'settings.saving': (_, world) => settingsShow(world, { enabled: false, prompts: 0, saves: 1 }),
  },
});
