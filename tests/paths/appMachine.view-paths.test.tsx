import '../support/resizeObserver';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { appMachine } from '../../src/machines/app/appMachine';
import type * as signedInWorldModule from '../../src/machines/app/provideSignedInWorld';
import { THEME_SIZE_PX } from '../../src/services/contracts';
import { STORAGE_KEYS } from '../../src/services/storage';
import { serverError, tokenRefused } from '../support/appPathServer';
import {
  chunk,
  closeApp,
  DASHBOARD,
  deliverChunk,
  FORGOT_PASSWORD,
  GUEST,
  HOME,
  inMenu,
  LOGIN,
  navigate,
  openApp,
  PROTECTED,
  signIn,
  type AppWorld,
  type Arrival,
} from '../support/appPathWorld';
import daCore from '../../src/i18n/da/core.json';
import { accountSettings, demoTheme, operatorSession } from '../support/fixtures';
import { modelEvents } from '../support/modelEvents';
import { describeViewPaths, type ViewPathModel } from '../support/viewPaths';

// The signed-in chunk arrives when the path says (see heldChunk).
vi.mock('../../src/machines/app/provideSignedInWorld', async (importOriginal) => {
  const { heldChunk } = await import('../support/appPathWorld');
  return heldChunk(await importOriginal<typeof signedInWorldModule>());
});

type AppSnapshot = SnapshotFrom<typeof appMachine>;
type AppModelEvent = Parameters<typeof appMachine.transition>[1];

const { done, failed, after } = modelEvents<typeof appMachine>();
const THEME = done('loadTheme', demoTheme);
const RESTORED = done('restoreSession', operatorSession);
const NOTHING_STORED = done('restoreSession', null);
const SIGNED_IN = done('login', { session: operatorSession });
const CONFIGURATION_SAVED = done('deviceConfiguration', {
  result: 'saved',
  configuration: { settings: { sortMode: 'NAME', sortDirection: 'ASC' }, devices: [] },
});
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
    label: 'opened at /unauthorized with a stored session',
    opened: '/unauthorized',
    stored: true,
    then: 'stop',
  },
  { label: 'opened on a dashboard without a session', opened: DASHBOARD.path, stored: false, then: 'stop' },
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
    if (s.matches('restoring')) return is(e, RESTORED.type) && (answerOf(e) !== null) === arrival.stored;
    if (s.matches('signingOut')) return type.endsWith('.actor.logout');
    if (s.matches('signedOut')) {
      if (is(e, SIGNED_IN.type)) return path === FORGOT_PASSWORD || arrival.then !== 'signInBehindALink';
      if (arrival.then !== 'signInBehindALink') return false;
      if (path === LOGIN) return isRoute(e, FORGOT_PASSWORD) || is(e, DANISH.type);
      return isRoute(e, HOME) || isRoute(e, LOGIN);
    }
    if (arrival.then === 'signInBehindALink') return isRoute(e, LOGIN);
    return arrival.then === 'live' && signedInPlayable(s, e);
  };
}

function signedInPlayable(s: AppSnapshot, e: AppModelEvent): boolean {
  const type: string = e.type;
  if (type.endsWith('.actor.loadSettings') || e.type === 'session.expired')
    return s.matches({ signedIn: { settings: 'loadingSettings' } });
  if (type.endsWith('.actor.loadSignedInWorld')) return s.matches({ signedIn: { world: 'loading' } });
  if (type.startsWith('xstate.after.')) return s.matches({ signedIn: { world: 'unavailable' } });
  if (type.endsWith('.actor.deviceConfiguration'))
    return s.matches({ signedIn: { world: { live: 'configurationOpen' } } });
  // The account menu and the sidebar: in the live layout, the dialog closed.
  if (!s.matches({ signedIn: { world: { live: 'configurationClosed' } } })) return false;
  return e.type === 'route.changed' ? s.context.path === HOME && e.path === DASHBOARD.path : true;
}

const events: AppModelEvent[] = [
  THEME,
  failed('loadTheme'),
  RESTORED,
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
  done('loadSignedInWorld'),
  failed('loadSignedInWorld'),
  after('WORLD_RETRY', 'app.signedIn.world.unavailable'),
  { type: 'deviceConfiguration.open' },
  CONFIGURATION_SAVED,
  done('deviceConfiguration', { result: 'cancelled' }),
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
    await world.server.settings.answer(succeeded ? HttpResponse.json(accountSettings) : serverError());
    world.settingsAnswered = succeeded;
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
  } else if (type.endsWith('.actor.logout')) {
    // SPEC §2: the session ends locally whatever the server answers.
    await world.server.logout.answer(succeeded ? new HttpResponse(null, { status: 204 }) : serverError());
    Object.assign(world, { stored: false, path: LOGIN });
  } else throw new Error(`No way to play ${type}`);
}

const loadingShown = () => screen.queryAllByRole('status').some((status) => status.textContent === LOADING);
const navigation = () => screen.queryByRole('navigation', { name: 'Dashboards and devices' });
const dialog = () => screen.getByRole('dialog', { name: 'Device configuration' });
const rootFontSize = () => document.documentElement.style.fontSize;

/** The address, and what the browser keeps: the session and token, the dark/light choice once made. */
function addressAndStorage(world: AppWorld) {
  expect(window.location.pathname, 'the address').toBe(world.path);
  const token = window.localStorage.getItem(STORAGE_KEYS.apiToken);
  expect(token, 'the stored token').toBe(world.stored ? operatorSession.token.id : null);
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
  start: async (inspect, initial) =>
    openApp(
      ARRIVALS.find((arrival) => arrival.opened === initial.context.path)!,
      inspect,
    ),
  play,
  stop: closeApp,
  settle: 5000,
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
      expect(rootFontSize(), 'the default text size').toBe(`${THEME_SIZE_PX.NORMAL}px`);
    },
    'signedIn.settings.ready': (_, world) => {
      expect(world.server.settings.waiting(), 'no settings request waits').toBe(false);
      const size = world.settingsAnswered ? THEME_SIZE_PX[accountSettings.themeSize] : THEME_SIZE_PX.NORMAL;
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
    'signedIn.world.live.configurationClosed': (_, world) => {
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
