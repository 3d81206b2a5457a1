import { assign, fromCallback, fromPromise, setup, spawnChild } from 'xstate';
import type { AccountSettings, Session, Theme, ThemeMode } from '../../services/contracts';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import { loginMachine } from '../login/loginMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { SYSTEM_IDS } from '../systemIds';
import type { AppEvent } from './app.events';
import { isGuestPath, isProtectedPath, ROUTES } from './routes';

export interface AppInput {
  /** Current location path when the app starts. */
  path: string;
  /** The stored dark/light choice (null: none yet, dark is the default). */
  themeMode: ThemeMode | null;
  /** Build id of the loaded page, compared against the deployed one. */
  buildId: string;
}

export interface AppContext {
  path: string;
  themeMode: ThemeMode;
  buildId: string;
  theme: Theme | null;
  session: Session | null;
  settings: AccountSettings | null;
}

/**
 * Navigating records the target before the router reports it, so the guard judges the new path at once
 * (and a redirect is not repeated when the route.changed of that redirect arrives).
 */
const goTo = (path: string) =>
  [
    { type: 'assignPath', params: { path } },
    { type: 'redirect', params: { path } },
  ] as const;
const endSession = ['forgetSession', 'clearStoredSession', ...goTo(ROUTES.login)] as const;
const onCurrentPath = ({ context }: { context: AppContext }) => ({ path: context.path });

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    // Services arrive through provide() (src/machines/app/provideApp.ts); these defaults only fail loudly.
    loadTheme: fromPromise<Theme>(() => Promise.reject(new Error('loadTheme not provided'))),
    restoreSession: fromPromise<Session | null>(() => Promise.resolve(null)),
    loadSettings: fromPromise<AccountSettings>(() => Promise.reject(new Error('loadSettings not provided'))),
    logout: fromPromise<void>(() => Promise.resolve()),
    /** Reports `session.expired` when the API answers 401 to our token. */
    watchSessionExpiry: fromCallback<AppEvent>(() => () => {}),
    login: loginMachine,
    notifications: notificationsMachine,
    connectivity: connectivityMachine,
    appVersion: appVersionMachine,
  },
  guards: {
    restoredSession: (_, params: { session: Session | null }) => params.session !== null,
    restoredOnGuestRoute: (_, params: { session: Session | null; path: string }) =>
      params.session !== null && isGuestPath(params.path),
    isProtectedRoute: (_, params: { path: string }) => isProtectedPath(params.path),
    isGuestRoute: (_, params: { path: string }) => isGuestPath(params.path),
  },
  actions: {
    // Side effects, provided by the composition root.
    persistSession: (_, _params: { session: Session }) => {},
    clearStoredSession: () => {},
    persistThemeMode: (_, _params: { mode: ThemeMode }) => {},
    redirect: (_, _params: { path: string }) => {},

    assignPath: assign({ path: (_, params: { path: string }) => params.path }),
    assignTheme: assign({ theme: (_, params: { theme: Theme }) => params.theme }),
    assignSession: assign({ session: (_, params: { session: Session | null }) => params.session }),
    assignSettings: assign({ settings: (_, params: { settings: AccountSettings }) => params.settings }),
    forgetSession: assign({ session: null, settings: null }),
    toggleThemeMode: assign({
      themeMode: ({ context }) => (context.themeMode === 'dark' ? 'light' : 'dark'),
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    path: input.path,
    themeMode: input.themeMode ?? 'dark',
    buildId: input.buildId,
    theme: null,
    session: null,
    settings: null,
  }),
  entry: [
    spawnChild('notifications', { id: SYSTEM_IDS.notifications, systemId: SYSTEM_IDS.notifications }),
    spawnChild('connectivity', { id: SYSTEM_IDS.connectivity, systemId: SYSTEM_IDS.connectivity }),
    spawnChild('appVersion', {
      id: SYSTEM_IDS.appVersion,
      systemId: SYSTEM_IDS.appVersion,
      input: ({ context }: { context: AppContext }) => ({ loadedBuildId: context.buildId }),
    }),
  ],
  on: {
    'theme.toggle': {
      actions: [
        'toggleThemeMode',
        { type: 'persistThemeMode', params: ({ context }) => ({ mode: context.themeMode }) },
      ],
    },
    'route.changed': { actions: { type: 'assignPath', params: ({ event }) => ({ path: event.path }) } },
  },
  initial: 'loadingTheme',
  states: {
    // The theme comes first: the login screen needs the tenant's logo, colours and name (the login domain).
    loadingTheme: {
      invoke: {
        id: 'loadTheme',
        src: 'loadTheme',
        onDone: {
          target: 'restoring',
          actions: { type: 'assignTheme', params: ({ event }) => ({ theme: event.output }) },
        },
        // Without a theme the app still works in the built-in colours.
        onError: 'restoring',
      },
    },
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        // The guard of SPEC §2 for the page the app was opened on.
        onDone: [
          {
            guard: {
              type: 'restoredOnGuestRoute',
              params: ({ context, event }) => ({ session: event.output, path: context.path }),
            },
            target: 'signedIn',
            actions: [
              { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
              ...goTo(ROUTES.home),
            ],
          },
          {
            guard: { type: 'restoredSession', params: ({ event }) => ({ session: event.output }) },
            target: 'signedIn',
            actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            guard: { type: 'isProtectedRoute', params: onCurrentPath },
            target: 'signedOut',
            actions: goTo(ROUTES.login),
          },
          { target: 'signedOut' },
        ],
        onError: [
          {
            guard: { type: 'isProtectedRoute', params: onCurrentPath },
            target: 'signedOut',
            actions: goTo(ROUTES.login),
          },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      invoke: {
        id: SYSTEM_IDS.login,
        systemId: SYSTEM_IDS.login,
        src: 'login',
        input: ({ context }) => ({ domain: context.theme?.name ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.output.session }) },
            {
              type: 'persistSession',
              params: ({ context }) => ({ session: context.session as Session }),
            },
            ...goTo(ROUTES.home),
          ],
        },
      },
      on: {
        'route.changed': [
          {
            guard: { type: 'isProtectedRoute', params: ({ event }) => ({ path: event.path }) },
            actions: goTo(ROUTES.login),
          },
          { actions: { type: 'assignPath', params: ({ event }) => ({ path: event.path }) } },
        ],
      },
    },
    signedIn: {
      // The real-time socket actor will be invoked here too (systemId 'socket') by its issue.
      invoke: { id: 'watchSessionExpiry', src: 'watchSessionExpiry' },
      initial: 'loadingSettings',
      states: {
        loadingSettings: {
          invoke: {
            id: 'loadSettings',
            src: 'loadSettings',
            onDone: {
              target: 'ready',
              actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
            },
            // Defaults (English, normal size, system font) apply until settings can be read.
            onError: 'ready',
          },
        },
        ready: {},
      },
      on: {
        'route.changed': [
          {
            guard: { type: 'isGuestRoute', params: ({ event }) => ({ path: event.path }) },
            actions: goTo(ROUTES.home),
          },
          { actions: { type: 'assignPath', params: ({ event }) => ({ path: event.path }) } },
        ],
        'session.logout': 'signingOut',
        'session.expired': { target: 'signedOut', actions: endSession },
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        // A failed logout call changes nothing for the user: the local session ends either way.
        onDone: { target: 'signedOut', actions: endSession },
        onError: { target: 'signedOut', actions: endSession },
      },
    },
  },
});
