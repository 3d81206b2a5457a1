import { assign, fromCallback, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import {
  DEFAULT_ACCOUNT_SETTINGS,
  type AccountSettings,
  type DeviceTreeItem,
  type Session,
  type SortSettings,
  type Theme,
  type ThemeMode,
} from '../../services/contracts';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import type { DeviceConfigurationOutput } from '../deviceConfiguration/deviceConfiguration.events';
import { deviceConfigurationMachine } from '../deviceConfiguration/deviceConfigurationMachine';
import { devicePageMachine } from '../devicePage/devicePageMachine';
import { deviceTreeMachine, treeSettingsOf } from '../deviceTree/deviceTreeMachine';
import type { DeviceTreeContext } from '../deviceTree/deviceTreeMachine';
import { loginMachine } from '../login/loginMachine';
import { notificationsMachine } from '../notifications/notificationsMachine';
import { socketMachine } from '../socket/socketMachine';
import { SYSTEM_IDS } from '../systemIds';
import type { AppEvent } from './app.events';
import { pageEvent, revealEvent } from './liveActors';
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
const treeItems = (system: { get(id: string): { getSnapshot(): unknown } | undefined }): DeviceTreeItem[] =>
  (system.get(SYSTEM_IDS.deviceTree)?.getSnapshot() as { context?: DeviceTreeContext } | undefined)?.context
    ?.items ?? [];

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
    socket: socketMachine,
    deviceTree: deviceTreeMachine,
    devicePage: devicePageMachine,
    deviceConfiguration: deviceConfigurationMachine,
  },
  guards: {
    restoredSession: (_, params: { session: Session | null }) => params.session !== null,
    restoredOnGuestRoute: (_, params: { session: Session | null; path: string }) =>
      params.session !== null && isGuestPath(params.path),
    isProtectedRoute: (_, params: { path: string }) => isProtectedPath(params.path),
    isGuestRoute: (_, params: { path: string }) => isGuestPath(params.path),
    configurationSaved: (_, params: { output: DeviceConfigurationOutput }) =>
      params.output.result === 'saved',
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
    assignDeviceConfigurationSettings: assign({
      settings: ({ context }, params: { settings: SortSettings }) =>
        context.settings && { ...context.settings, deviceConfigurationSettings: params.settings },
    }),
    syncDevicePage: sendTo(SYSTEM_IDS.devicePage, ({ context }) => pageEvent(context)),
    revealRouteDevice: sendTo(SYSTEM_IDS.deviceTree, ({ context }) => revealEvent(context)),
    syncTreeSettings: sendTo(SYSTEM_IDS.deviceTree, ({ context }) => ({
      type: 'tree.settingsChanged' as const,
      settings: treeSettingsOf(context.settings),
    })),
    disconnectSocket: sendTo(SYSTEM_IDS.socket, { type: 'socket.disconnect' as const }),
    reloadTree: sendTo(SYSTEM_IDS.deviceTree, { type: 'tree.reload' as const }),
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
      invoke: { id: 'watchSessionExpiry', src: 'watchSessionExpiry' },
      // The socket, the device tree and the device page live exactly as long as the session.
      entry: [
        spawnChild('socket', {
          id: SYSTEM_IDS.socket,
          systemId: SYSTEM_IDS.socket,
          input: ({ context }: { context: AppContext }) => ({ token: context.session?.token.id ?? '' }),
        }),
        spawnChild('deviceTree', {
          id: SYSTEM_IDS.deviceTree,
          systemId: SYSTEM_IDS.deviceTree,
          input: ({ context }: { context: AppContext }) => ({ settings: treeSettingsOf(context.settings) }),
        }),
        spawnChild('devicePage', { id: SYSTEM_IDS.devicePage, systemId: SYSTEM_IDS.devicePage }),
        'syncDevicePage',
        'revealRouteDevice',
      ],
      // An explicit disconnect first (no reconnection), then the actors end with the session.
      exit: [
        'disconnectSocket',
        stopChild(SYSTEM_IDS.socket),
        stopChild(SYSTEM_IDS.deviceTree),
        stopChild(SYSTEM_IDS.devicePage),
      ],
      type: 'parallel',
      states: {
        settings: {
          initial: 'loadingSettings',
          states: {
            loadingSettings: {
              invoke: {
                id: 'loadSettings',
                src: 'loadSettings',
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
                    'syncTreeSettings',
                    'syncDevicePage',
                  ],
                },
                // Defaults (English, normal size, system font) apply until settings can be read.
                onError: 'ready',
              },
            },
            ready: {},
          },
        },
        deviceConfiguration: {
          initial: 'closed',
          states: {
            closed: { on: { 'deviceConfiguration.open': 'open' } },
            open: {
              invoke: {
                id: SYSTEM_IDS.deviceConfiguration,
                systemId: SYSTEM_IDS.deviceConfiguration,
                src: 'deviceConfiguration',
                input: ({ context, self }) => ({
                  tree: treeItems(self.system),
                  settings: (context.settings ?? DEFAULT_ACCOUNT_SETTINGS).deviceConfigurationSettings,
                }),
                onDone: [
                  {
                    // The sidebar shows the new names and order: the tree is loaded again.
                    guard: { type: 'configurationSaved', params: ({ event }) => ({ output: event.output }) },
                    target: 'closed',
                    actions: [
                      'reloadTree',
                      {
                        type: 'assignDeviceConfigurationSettings',
                        params: ({ event }) => ({
                          settings: (event.output as Extract<DeviceConfigurationOutput, { result: 'saved' }>)
                            .configuration.settings,
                        }),
                      },
                    ],
                  },
                  { target: 'closed' },
                ],
              },
            },
          },
        },
      },
      on: {
        'route.changed': [
          {
            guard: { type: 'isGuestRoute', params: ({ event }) => ({ path: event.path }) },
            actions: goTo(ROUTES.home),
          },
          {
            actions: [
              { type: 'assignPath', params: ({ event }) => ({ path: event.path }) },
              'syncDevicePage',
              'revealRouteDevice',
            ],
          },
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
