import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { createMachine, type SnapshotFrom } from 'xstate';
import { appMachine } from '../../src/machines/app/appMachine';
import type * as signedInWorldModule from '../../src/machines/app/provideSignedInWorld';
import type { SignedInWorld } from '../../src/machines/app/signedInWorld';
import { THEME_SIZE_PX } from '#contracts';
import { STORAGE_KEYS } from '../../src/services/storage';
import { serverError, tokenRefused } from '../support/servers/appPathServer';
import {
  chunk,
  closeApp,
  DASHBOARD,
  deliverChunk,
  FORGOT_PASSWORD,
  GUEST,
  UNKNOWN_PAGE,
  HOME,
  inMenu,
  LOGIN,
  navigate,
  openApp,
  PROTECTED,
  signIn,
  type AppWorld,
  type Arrival,
} from '../support/worlds/appPathWorld';
import daCore from '../../src/i18n/da/core.json';
import { accountSettings, demoTheme, operatorSession } from '../support/fixtures/fixtures';
import { adminSession, operatorAsAdmin } from '../support/fixtures/switchSessions';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths, type ViewPathModel } from '../support/paths/viewPaths';

// The signed-in chunk arrives when the path says (see heldChunk).
vi.mock('../../src/machines/app/provideSignedInWorld', async (importOriginal) => {
  const { heldChunk } = await import('../support/worlds/appPathWorld');
  return heldChunk(await importOriginal<typeof signedInWorldModule>());
});

type AppSnapshot = SnapshotFrom<typeof appMachine>;
type AppModelEvent = Parameters<typeof appMachine.transition>[1];

const { done, failed, after } = modelEvents<typeof appMachine>();
const THEME = done('loadTheme', demoTheme);
const RESTORED = done('restoreSession', operatorSession);
const RESTORED_SWITCHED = done('restoreSession', operatorAsAdmin);
const NOTHING_STORED = done('restoreSession', null);
const SIGNED_IN = done('login', { session: operatorSession });
const CONFIGURATION_SAVED = done('deviceConfiguration', {
  result: 'saved',
  configuration: { settings: { sortMode: 'NAME', sortDirection: 'ASC' }, devices: [] },
});
/** Saved in the theme dialog: the size the user picks there (the fixture's settings are LARGE). */
const THEME_SAVED_SETTINGS = { ...accountSettings, themeSize: 'EXTRA_LARGE' as const };
const OPEN_THEME: AppModelEvent = { type: 'accountDialog.open', dialog: 'theme' };
const THEME_SAVED = done('accountDialog', { settings: THEME_SAVED_SETTINGS });
const DIALOG_CLOSED = done('accountDialog', {});
const OPEN_SWITCH_BACK: AppModelEvent = { type: 'accountDialog.open', dialog: 'switchBack' };
const SWITCHED_BACK = done('accountDialog', { session: adminSession });
/**
 * The signed-in chunk as the model sees it: inert machines, among them the account dialogs the paths open (the
 * product, which the paths play on, loads the real chunk).
 */
const inert = createMachine({});
const MODEL_WORLD: SignedInWorld = {
  ...Object.fromEntries(
    (
      [
        'socket',
        'deviceTree',
        'dashboards',
        'devicePage',
        'dashboardEditor',
        'deviceConfiguration',
        'alarms',
      ] as const
    ).map((name) => [name, inert]),
  ),
  accountDialogs: { theme: inert, switchBack: inert },
} as unknown as SignedInWorld;
const RESTORE_CANNOT_FAIL =
  'reading the stored session cannot fail: localStorage is read synchronously and a corrupt entry reads as no ' +
  'session; a browser that denies storage fails before the app machine starts (main.tsx reads the theme mode)';
const route = (path: string): AppModelEvent => ({ type: 'route.changed', path });
/** The visitor's pick on the login screen: its catalogue is what the login screen then reads. */
const DANISH: AppModelEvent = { type: 'locale.choose', code: 'da' };
const DANISH_LOGIN_HEADING = daCore['login.heading'];

const WORLD_RETRY_MS = appMachine.implementations.delays.WORLD_RETRY as number;
const WELCOME = `Welcome, ${operatorSession.metadata.username}`;
const LOADING = 'Loading…';

const ARRIVALS: Arrival[] = [
  { label: 'opened at home with a stored session', opened: HOME, stored: true, then: 'live' },
  {
    label: 'opened at home as operator, switched to by admin',
    opened: HOME,
    stored: true,
    then: 'live',
    session: operatorAsAdmin,
  },
  {
    label: 'opened at /unauthorized with a stored session',
    opened: '/unauthorized',
    stored: true,
    then: 'stop',
  },
  { label: 'opened on a dashboard without a session', opened: DASHBOARD.path, stored: false, then: 'stop' },
  {
    label: 'opened at an unknown page without a session',
    opened: UNKNOWN_PAGE,
    stored: false,
    then: 'homeFromNotFound',
  },
  {
    label: 'opened at /login without a session',
    opened: LOGIN,
    stored: false,
    then: 'signInBehindALink',
  },
];

const is = (event: AppModelEvent, type: string) => (event.type as string) === type;
const isRoute = (event: AppModelEvent, path: string) => event.type === 'route.changed' && event.path === path;
const answerOf = (event: AppModelEvent) => (event as { output?: unknown }).output;
const isSaved = (event: AppModelEvent) => (answerOf(event) as { result?: string }).result === 'saved';

/** What the user can do, and the outside world say, in each state (SPEC §2: the screens of each route). */
function playable(arrival: Arrival) {
  return (s: AppSnapshot, e: AppModelEvent): boolean => {
    const type: string = e.type;
    const { path } = s.context;
    // Every other check of this file reads English: a path ends once the visitor has picked Danish.
    if (s.context.guestLocale !== null) return false;
    if (s.matches('loadingTheme')) return type.endsWith('.actor.loadTheme');
    if (s.matches('restoring'))
      return (
        is(e, RESTORED.type) && answerOf(e) === (arrival.stored ? (arrival.session ?? operatorSession) : null)
      );
    if (s.matches('signingOut')) return type.endsWith('.actor.logout');
    if (s.matches('signedOut')) {
      // The 404 screen's link home, which the guard turns into the login screen.
      if (arrival.then === 'homeFromNotFound') return path === UNKNOWN_PAGE && isRoute(e, HOME);
      if (is(e, SIGNED_IN.type)) return path === FORGOT_PASSWORD || arrival.then !== 'signInBehindALink';
      if (arrival.then !== 'signInBehindALink') return false;
      if (path === LOGIN) return isRoute(e, FORGOT_PASSWORD) || is(e, DANISH.type);
      return isRoute(e, LOGIN);
    }
    if (arrival.then === 'signInBehindALink') return isRoute(e, LOGIN);
    return arrival.then === 'live' && signedInPlayable(s, e, arrival.session !== undefined);
  };
}

/** The account dialogs: opened from the menu; the theme's saved or cancelled. */
function accountDialogPlayable(s: AppSnapshot, e: AppModelEvent, switched: boolean): boolean {
  // The theme dialog opens while the settings are still being read too (on a slow network).
  if (e.type === 'accountDialog.open') return e.dialog === (switched ? 'switchBack' : 'theme');
  // While acting as another account the menu offers only switching back.
  if (s.context.accountDialog === 'switchBack') return e === SWITCHED_BACK;
  return e === THEME_SAVED || e === DIALOG_CLOSED;
}

function signedInPlayable(s: AppSnapshot, e: AppModelEvent, switched: boolean): boolean {
  const type: string = e.type;
  if (s.matches({ signedIn: { accountDialog: 'open' } }))
    return type.endsWith('.actor.accountDialog') && accountDialogPlayable(s, e, switched);
  if (type.endsWith('.actor.accountDialog')) return false;
  if (type.endsWith('.actor.loadSettings') || e.type === 'session.expired')
    return s.matches({ signedIn: { settings: 'loadingSettings' } });
  if (type.endsWith('.actor.loadSignedInWorld')) return s.matches({ signedIn: { world: 'loading' } });
  if (type.startsWith('xstate.after.')) return s.matches({ signedIn: { world: 'unavailable' } });
  if (type.endsWith('.actor.deviceConfiguration'))
    return s.matches({ signedIn: { world: { live: 'configurationOpen' } } });
  // The account menu and the sidebar: in the live layout, the dialog closed.
  if (!s.matches({ signedIn: { world: { live: 'configurationClosed' } } })) return false;
  if (type.startsWith('accountDialog.')) return accountDialogPlayable(s, e, switched);
  // Acting as another account, a path only switches back.
  if (switched) return false;
  return e.type === 'route.changed' ? s.context.path === HOME && e.path === DASHBOARD.path : true;
}

const events: AppModelEvent[] = [
  THEME,
  failed('loadTheme'),
  RESTORED,
  RESTORED_SWITCHED,
  NOTHING_STORED,
  SIGNED_IN,
  route(HOME),
  route(LOGIN),
  route(FORGOT_PASSWORD),
  route(DASHBOARD.path),
  DANISH,
  done('loadSettings', accountSettings),
  failed('loadSettings'),
  { type: 'session.expired' },
  done('loadSignedInWorld', MODEL_WORLD),
  failed('loadSignedInWorld'),
  after('WORLD_RETRY', 'app.signedIn.world.unavailable'),
  { type: 'deviceConfiguration.open' },
  CONFIGURATION_SAVED,
  done('deviceConfiguration', { result: 'cancelled' }),
  OPEN_THEME,
  THEME_SAVED,
  DIALOG_CLOSED,
  OPEN_SWITCH_BACK,
  SWITCHED_BACK,
  { type: 'theme.toggle' },
  { type: 'session.logout' },
  done('logout'),
  failed('logout'),
];

const models: ViewPathModel<typeof appMachine>[] = ARRIVALS.map((arrival) => ({
  label: arrival.label,
  input: { path: arrival.opened, themeMode: null, buildId: 'test-build' },
  events,
  serializeState: (s) =>
    JSON.stringify({ value: s.value, path: s.context.path, locale: s.context.guestLocale }),
  filterEvents: playable(arrival),
}));

async function play(event: AppModelEvent, world: AppWorld, from: AppSnapshot) {
  const type: string = event.type;
  const succeeded = type.startsWith('xstate.done.');
  switch (event.type) {
    case 'route.changed':
      return navigate(event.path, world, from.matches('signedIn'));
    case 'locale.choose':
      await world.user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), event.code);
      world.locale = event.code;
      return;
    case 'theme.toggle':
      await inMenu(world, world.mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
      world.mode = world.mode === 'dark' ? 'light' : 'dark';
      world.modeToggled = true;
      return;
    case 'deviceConfiguration.open':
      return inMenu(world, 'Device configuration');
    case 'accountDialog.open':
      world.dialog = event.dialog === 'theme' ? 'theme' : 'switchBack';
      return inMenu(world, event.dialog === 'theme' ? 'Theme settings' : 'Switch back');
    case 'session.logout':
      return inMenu(world, 'Logout');
    case 'session.expired':
      // The server no longer accepts the token: it refuses the request it holds, the settings.
      await world.server.settings.answer(tokenRefused());
      Object.assign(world, { stored: false, path: LOGIN });
      return;
  }
  if (type.endsWith('.actor.loadTheme')) {
    await world.server.theme.answer(succeeded ? HttpResponse.json(demoTheme) : serverError());
    world.theme = succeeded ? 'answered' : 'failed';
  } else if (type.endsWith('.actor.restoreSession')) {
    // What the browser stored was arranged before the app opened; the guard of SPEC §2 applies to it.
    if (world.stored) world.expectedDownloads++;
    if (world.stored && GUEST.includes(world.path)) world.path = HOME;
    if (!world.stored && PROTECTED.includes(world.path)) world.path = LOGIN;
  } else if (type.endsWith('.actor.login')) {
    await signIn(world);
  } else if (type.endsWith('.actor.loadSettings')) {
    await world.server.settings.answer(succeeded ? HttpResponse.json(world.storedSettings) : serverError());
    if (succeeded) world.themeSize = world.storedSettings.themeSize;
  } else if (type.endsWith('.actor.loadSignedInWorld')) {
    await deliverChunk(world, succeeded);
  } else if (type.startsWith('xstate.after.')) {
    world.clock.increment(WORLD_RETRY_MS);
    world.expectedDownloads++;
  } else if (type.endsWith('.actor.deviceConfiguration') && isSaved(event)) {
    await world.user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await world.server.configuration.accept();
    world.expectedSaves++;
    // SPEC §4: the sidebar shows the saved names: the tree is read again.
    world.expectedTreeLoads++;
  } else if (type.endsWith('.actor.deviceConfiguration')) {
    await world.user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
  } else if (type.endsWith('.actor.accountDialog')) {
    await playAccountDialogEnd(event, world, from.matches({ signedIn: { settings: 'loadingSettings' } }));
  } else if (type.endsWith('.actor.logout')) {
    // SPEC §2: the session ends locally whatever the server answers.
    await world.server.logout.answer(succeeded ? new HttpResponse(null, { status: 204 }) : serverError());
    Object.assign(world, { stored: false, path: LOGIN });
  } else throw new Error(`No way to play ${type}`);
}

/**
 * The theme dialog saved (Extra large) or cancelled; switching back answered with admin's session. A save while
 * the settings are being read: the read's answer, what the server held before the save, arrives after it.
 */
async function playAccountDialogEnd(event: AppModelEvent, world: AppWorld, settingsReading: boolean) {
  world.dialog = null;
  if (event === SWITCHED_BACK) {
    await world.server.switchBack.answer(HttpResponse.json(adminSession));
    // SPEC §4: the administrator's session is stored and the app loads afresh, at home.
    world.token = adminSession.token.id;
    world.expectedLoads.push(HOME);
    return;
  }
  const themeDialog = screen.getByRole('dialog', { name: 'Theme settings' });
  if (event === DIALOG_CLOSED) {
    await world.user.click(within(themeDialog).getByRole('button', { name: 'Cancel' }));
    return;
  }
  await world.user.click(within(themeDialog).getByRole('radio', { name: 'Extra large (20 px)' }));
  await world.user.click(within(themeDialog).getByRole('button', { name: 'Save' }));
  await world.server.themeSave.answer(HttpResponse.json(THEME_SAVED_SETTINGS));
  world.themeSize = THEME_SAVED_SETTINGS.themeSize;
  if (settingsReading) await world.server.settings.answerEarlier(HttpResponse.json(world.storedSettings));
  world.storedSettings = THEME_SAVED_SETTINGS;
}

const loadingShown = () => screen.queryAllByRole('status').some((status) => status.textContent === LOADING);
const navigation = () => screen.queryByRole('navigation', { name: 'Dashboards and devices' });
const dialog = () => screen.getByRole('dialog', { name: 'Device configuration' });
const rootFontSize = () => document.documentElement.style.fontSize;

/** The address, and what the browser keeps: the session and token, the dark/light choice once made. */
function addressAndStorage(world: AppWorld) {
  expect(window.location.pathname, 'the address').toBe(world.path);
  const token = window.localStorage.getItem(STORAGE_KEYS.apiToken);
  expect(token, 'the stored token').toBe(world.stored ? world.token : null);
  expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe(world.modeToggled ? world.mode : null);
}

/** The tenant's colours once the theme is read (none without it), in the chosen mode. */
function themeApplied(world: AppWorld) {
  const root = document.documentElement;
  expect(root.dataset.mode, 'dark or light').toBe(world.mode);
  const sidebar = world.theme === 'answered' ? demoTheme.colors[world.mode].sidebar : '';
  expect(root.style.getPropertyValue('--tenant-sidebar'), 'the tenant colours').toBe(sidebar);
}

function signedOutShown(world: AppWorld) {
  addressAndStorage(world);
  themeApplied(world);
  expect(navigation()).toBeNull();
  expect(screen.queryByRole('button', { name: /^Account menu/ })).toBeNull();
  expect(world.server.login.waiting(), 'a sign-in waits for the server').toBe(world.signInWaiting);
  if (!GUEST.includes(world.path)) {
    expect(
      screen.getByRole('heading', { name: 'The page you were looking for does not exist' }),
    ).toBeTruthy();
    return;
  }
  expect(document.documentElement.lang, 'the language the page is read in').toBe(world.locale);
  if (world.path === FORGOT_PASSWORD) {
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    return;
  }
  if (world.locale !== 'en') {
    // The visitor's language: once its catalogue has arrived the whole screen reads in it.
    expect(screen.getByRole('heading', { name: DANISH_LOGIN_HEADING })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox').value, 'the language shown chosen').toBe('da');
    return;
  }
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Language' }).value).toBe('en');
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
  expect(submit.disabled, 'Sign in disabled while the server thinks').toBe(world.signInWaiting);
  const logo = screen.queryByRole('img', { name: `${demoTheme.title} logo` });
  expect(logo !== null, "the tenant's logo").toBe(world.theme === 'answered');
}

/** While the signed-in chunk is away: the signed-in routes show only that the app is loading. */
function waitingForTheChunk(world: AppWorld) {
  addressAndStorage(world);
  themeApplied(world);
  expect(loadingShown(), LOADING).toBe(true);
  expect(navigation()).toBeNull();
  expect(chunk.started, 'downloads of the signed-in chunk').toBe(world.expectedDownloads);
}

/** The signed-in layout: sidebar, head bar and the screen of the route; what was saved and read again. */
function liveShown(world: AppWorld) {
  addressAndStorage(world);
  themeApplied(world);
  expect(navigation()).not.toBeNull();
  expect(chunk.started, 'downloads of the signed-in chunk').toBe(world.expectedDownloads);
  expect(screen.getByRole('button', { name: /^Account menu/ }).textContent).toContain('operator');
  if (world.path === HOME) expect(screen.getByRole('heading', { name: WELCOME })).toBeTruthy();
  else {
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByText(DASHBOARD.name).getAttribute('aria-current')).toBe('page');
  }
  expect(world.server.configuration.saves, 'the device configurations saved').toHaveLength(
    world.expectedSaves,
  );
  expect(world.server.treeReads(), 'the device tree reads').toBe(world.expectedTreeLoads);
}

describeViewPaths('app, played with the browser, the server and the user', appMachine, {
  model: models,
  start: async (inspect, _initial, model) =>
    openApp(
      ARRIVALS.find((arrival) => arrival.label === model.label)!,
      inspect,
    ),
  play,
  stop: closeApp,
  unreachable: {
    'app.restoring on xstate.error.actor.restoreSession #1 [isProtectedRoute]': RESTORE_CANNOT_FAIL,
    'app.restoring on xstate.error.actor.restoreSession #2': RESTORE_CANNOT_FAIL,
  },
  states: {
    loadingTheme: (_, world) => {
      expect(world.server.theme.waiting(), 'the theme is asked for').toBe(true);
      expect(loadingShown(), LOADING).toBe(true);
      expect(screen.queryByRole('heading')).toBeNull();
      addressAndStorage(world);
      themeApplied(world);
    },
    // Left at once (the stored session is read synchronously): it shows nothing of its own.
    restoring: (_, world) => {
      expect(world.server.theme.waiting(), 'the theme is answered').toBe(false);
      themeApplied(world);
    },
    signedOut: (_, world) => signedOutShown(world),
    'signedIn.settings.loadingSettings': (_, world) => {
      expect(world.server.settings.waiting(), 'the settings are asked for').toBe(true);
      const size = THEME_SIZE_PX[world.themeSize ?? 'NORMAL'];
      expect(rootFontSize(), 'the default text size, or the one just saved').toBe(`${size}px`);
    },
    'signedIn.settings.ready': (_, world) => {
      expect(world.server.settings.waiting(), 'no settings request waits').toBe(false);
      const size = THEME_SIZE_PX[world.themeSize ?? 'NORMAL'];
      expect(rootFontSize(), "the user's text size, else the default").toBe(`${size}px`);
    },
    'signedIn.world.loading': (_, world) => {
      waitingForTheChunk(world);
      expect(chunk.downloads.length, 'the chunk is being fetched').toBeGreaterThan(0);
    },
    'signedIn.world.unavailable': (_, world) => {
      waitingForTheChunk(world);
      expect(chunk.downloads, 'no chunk download under way').toHaveLength(0);
      expect(world.chunkErrors, 'the failed download logged').toHaveLength(world.chunkFailures);
    },
    'signedIn.accountDialog.closed': (_, world) => {
      expect(screen.queryByRole('dialog', { name: 'Theme settings' })).toBeNull();
      expect(screen.queryByRole('dialog', { name: 'Switch back' })).toBeNull();
      expect(world.loads, 'full page loads').toEqual(world.expectedLoads);
    },
    'signedIn.accountDialog.open': (_, world) => {
      // Modal: the layout behind it is hidden from assistive technology.
      addressAndStorage(world);
      if (world.dialog === 'theme') {
        const dialog = screen.getByRole('dialog', { name: 'Theme settings' });
        expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
      } else {
        const dialog = screen.getByRole('dialog', { name: 'Switch back' });
        expect(within(dialog).getByRole('status').textContent).toBe('Switching back to admin…');
      }
    },
    'signedIn.world.live.configurationClosed': (_, world) => {
      if (world.dialog) return addressAndStorage(world);
      liveShown(world);
      expect(screen.queryByRole('dialog', { name: 'Device configuration' })).toBeNull();
    },
    'signedIn.world.live.configurationOpen': (_, world) => {
      // The dialog is modal: the layout behind it is hidden from assistive technology.
      addressAndStorage(world);
      expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeTruthy();
    },
    signingOut: (_, world) => {
      expect(world.server.logout.waiting(), 'the server is told').toBe(true);
      // The signed-in layout is gone at once; the login screen comes with the server's answer.
      expect(navigation()).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
      addressAndStorage(world);
    },
  },
});
