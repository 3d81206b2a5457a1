import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { expect, vi } from 'vitest';
import { SimulatedClock, type InspectionEvent } from 'xstate';
import type { AppServices } from '../../../src/services/services';
import type { provideSignedInWorld } from '../../../src/machines/app/provideSignedInWorld';
import type { AccountSettings, Session, ThemeMode } from '#contracts';
import { storeSession } from '../dom/renderApp';
import { server } from '../../ui/setup';
import { appPathServer, type AppPathServer } from '../servers/appPathServer';
import { dashboardHandlers } from '../servers/dashboardHandlers';
import { emptyDashboardsList, summary } from '../fixtures/dashboardFixtures';
import { accountSettings, operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';

/** The addresses the app machine's paths visit, and their class in the guard of SPEC §2. */
export const HOME = '/';
export const LOGIN = '/login';
export const FORGOT_PASSWORD = '/forgot-password';
/** A dashboard of the sidebar, neither favorite nor selected: home stays the welcome screen. */
export const DASHBOARD = { id: 'd-overview', name: 'Overview', path: '/dashboard/d-overview' };
export const GUEST = [LOGIN, '/unauthorized', FORGOT_PASSWORD];
/** A page the app does not know: its 404 screen leads back home. */
export const UNKNOWN_PAGE = '/no/such/page';
export const PROTECTED = [HOME, DASHBOARD.path];

/** How the user arrives: the address opened, and whether the browser still holds a session. */
export interface Arrival {
  label: string;
  opened: string;
  stored: boolean;
  /** What the paths of this arrival go on to do. */
  then: 'live' | 'stop' | 'signInBehindALink' | 'homeFromNotFound';
  /** The stored session, when not the operator's own. */
  session?: Session;
}

/**
 * The downloads of the signed-in chunk, which arrive when the path says. import() has no network under jsdom,
 * so the chunk's module stands in for the download (`heldChunk`, installed by the test's vi.mock): the promise
 * it answers with, adopted by the app's async loader, settles on the path's event.
 */
export const chunk = {
  downloads: [] as { arrive(): void; fail(error: Error): void }[],
  started: 0,
};
export const heldChunk = (actual: { provideSignedInWorld: typeof provideSignedInWorld }) => ({
  provideSignedInWorld: (services: AppServices) =>
    new Promise<void>((arrive, fail) => {
      chunk.started++;
      chunk.downloads.push({ arrive, fail });
    }).then(() => actual.provideSignedInWorld(services)),
});

/** What the browser, the server and the user did, and where SPEC §2 puts the user after it. */
export interface AppWorld {
  user: UserEvent;
  /** The clock of the app's delays: only the retry of the chunk waits on it. */
  clock: SimulatedClock;
  server: AppPathServer;
  /** The address the user should be at. */
  path: string;
  /** The session and token in local storage. */
  stored: boolean;
  /** The token stored, while one is. */
  token: string;
  /** The account dialog the user opened and has not closed. */
  dialog: 'theme' | 'switchBack' | null;
  /** The text size of the user's settings as the app holds them (null: none read yet). */
  themeSize: AccountSettings['themeSize'] | null;
  /** The settings as the server stores them: what a read of them answers. */
  storedSettings: AccountSettings;
  /** Full page loads the app asked for, and those the path expects (a switch of account loads home afresh). */
  loads: string[];
  expectedLoads: string[];
  theme: 'waiting' | 'answered' | 'failed';
  mode: ThemeMode;
  modeToggled: boolean;
  /** The language the visitor picked on the login screen ('en' until then). */
  locale: string;
  /** A sign-in was submitted and the server has not answered yet. */
  signInWaiting: boolean;
  /** Downloads of the signed-in chunk: one per session started, and one per retry. */
  expectedDownloads: number;
  chunkFailures: number;
  /** What the app logged of the chunks it could not fetch. */
  chunkErrors: unknown[];
  expectedTreeLoads: number;
  expectedSaves: number;
}

/** Opens the app as `arrival` says, the server holding what the paths answer. */
export function openApp(arrival: Arrival, inspect: (event: InspectionEvent) => void): AppWorld {
  const session = arrival.session ?? operatorSession;
  if (arrival.stored) storeSession(session);
  const dashboards = { ...emptyDashboardsList, dashboards: [summary(DASHBOARD.id, DASHBOARD.name)] };
  server.use(...dashboardHandlers(dashboards).handlers);
  Object.assign(chunk, { downloads: [], started: 0 });
  const world: AppWorld = {
    user: userEvent.setup({ delay: null }),
    clock: new SimulatedClock(),
    server: appPathServer(),
    path: arrival.opened,
    stored: arrival.stored,
    token: session.token.id,
    dialog: null,
    themeSize: null,
    storedSettings: accountSettings,
    loads: [],
    expectedLoads: [],
    theme: 'waiting',
    mode: 'dark',
    modeToggled: false,
    locale: 'en',
    signInWaiting: false,
    expectedDownloads: 0,
    chunkFailures: 0,
    chunkErrors: [],
    expectedTreeLoads: 0,
    expectedSaves: 0,
  };
  // The app logs a chunk it could not fetch: the paths check it did, and the output stays clean.
  const log = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (args[0] === 'App: signed-in chunk') world.chunkErrors.push(args[1]);
    else log(...args);
  });
  renderProduct(arrival.opened, { inspect, clock: world.clock, load: (path) => world.loads.push(path) });
  return world;
}

export function closeApp(world: AppWorld) {
  world.server.stop();
  vi.mocked(console.error).mockRestore();
}

export const inMenu = async (world: AppWorld, item: string) => {
  await world.user.click(screen.getByRole('button', { name: /^Account menu/ }));
  await world.user.click(await screen.findByRole('menuitem', { name: item }));
};

async function submitCredentials(world: AppWorld) {
  await world.user.type(screen.getByLabelText('Username'), 'operator');
  await world.user.type(screen.getByLabelText('Password'), 'Operator123');
  await world.user.click(screen.getByRole('button', { name: 'Sign in' }));
  world.signInWaiting = true;
}

/** The server accepts the sign-in (submitted now, or before the user followed a link): the app goes home. */
export async function signIn(world: AppWorld) {
  if (!world.signInWaiting) await submitCredentials(world);
  await world.server.login.answer(HttpResponse.json(operatorSession));
  Object.assign(world, { signInWaiting: false, stored: true, token: operatorSession.token.id, path: HOME });
  world.expectedDownloads++;
}

/** The browser's Back button: the previous entry of the tab's history comes back (popstate, a moment later). */
async function back() {
  const traversed = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
  window.history.back();
  await traversed;
}

/** A link clicked or the browser's Back button; SPEC §2 decides where the user lands. */
export async function navigate(path: string, world: AppWorld, signedIn: boolean) {
  const { user } = world;
  if (signedIn && path === LOGIN) {
    // The login page the user signed in from lies behind: Back leads there, and a signed-in user goes home.
    await back();
    world.path = HOME;
  } else if (path === DASHBOARD.path) {
    await user.click(screen.getByRole('link', { name: DASHBOARD.name }));
    world.path = path;
  } else if (path === FORGOT_PASSWORD) {
    // The user submits and, while the server thinks, follows the link below the form.
    if (!world.signInWaiting) await submitCredentials(world);
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    world.path = path;
  } else if (path === HOME) {
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    world.path = world.stored ? HOME : LOGIN;
  } else if (path === LOGIN) {
    await back();
    world.path = LOGIN;
  } else throw new Error(`No way to reach ${path}`);
}

/** The download of the signed-in chunk ends: it arrives, or fails (offline, or replaced by a new deployment). */
export async function deliverChunk(world: AppWorld, arrives: boolean) {
  await vi.waitFor(() => expect(chunk.downloads.length, 'the chunk is being fetched').toBeGreaterThan(0));
  const download = chunk.downloads.at(-1)!;
  chunk.downloads.length = 0;
  if (arrives) {
    world.expectedTreeLoads++;
    return download.arrive();
  }
  world.chunkFailures++;
  download.fail(new TypeError('Failed to fetch dynamically imported module'));
}
