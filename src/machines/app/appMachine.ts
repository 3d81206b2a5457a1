import type { DeviceConfigurationOutput } from '../deviceConfiguration/deviceConfiguration.events';
import { SYSTEM_IDS } from '../systemIds';
import type { AccountDialogOutput } from '../accountDialogs/accountDialog.types';
import { appSetup, applySettings, endSession, goTo, onCurrentPath, type AppContext } from './app.setup';
import { ROUTES } from './routes';

export type { AppContext } from './app.setup';

/** Guarded by dialogSwitchedUser and dialogChangedSettings: the part of the output each guard found. */
const switchedTo = (output: AccountDialogOutput) => output.session!;
const savedAccountSettings = (output: AccountDialogOutput) => output.settings!;

const savedSettings = (output: DeviceConfigurationOutput) =>
  (output as Extract<DeviceConfigurationOutput, { result: 'saved' }>).configuration.settings;

/** The root: session, guard, language, theme; it spawns the long-lived actors (guards and actions: app.setup.ts). */
export const appMachine = appSetup.createMachine({
  id: 'app',
  context: ({ input }) => ({
    path: input.path,
    themeMode: input.themeMode ?? 'dark',
    buildId: input.buildId,
    theme: null,
    session: null,
    settings: null,
    timeZone: input.timeZone ?? 'UTC',
    guestLocale: null,
    world: null,
    accountDialog: null,
  }),
  entry: [
    appSetup.spawnChild('notifications', {
      id: SYSTEM_IDS.notifications,
      systemId: SYSTEM_IDS.notifications,
    }),
    appSetup.spawnChild('connectivity', { id: SYSTEM_IDS.connectivity, systemId: SYSTEM_IDS.connectivity }),
    appSetup.spawnChild('appVersion', {
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
      description: "The app starts: the tenant's logo, colours and name are fetched for the login screen.",
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
      description:
        'The app checks whether the browser still holds a valid session, then opens the page asked for or the login screen.',
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
      description: 'Nobody is signed in: the login screen is shown and protected pages lead to it.',
      invoke: {
        id: SYSTEM_IDS.login,
        systemId: SYSTEM_IDS.login,
        src: 'login',
        input: ({ context }) => ({ domain: context.theme?.name ?? '' }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'assignSession', params: ({ event }) => ({ session: event.output.session }) },
            { type: 'persistSession', params: ({ context }) => ({ session: context.session! }) },
            { type: 'assignGuestLocale', params: { code: null } },
            ...goTo(ROUTES.home),
          ],
        },
      },
      on: {
        'locale.choose': {
          actions: { type: 'assignGuestLocale', params: ({ event }) => ({ code: event.code }) },
        },
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
      description:
        'A user is signed in: their settings and the live parts of the app run side by side until sign-out or expiry.',
      invoke: { id: 'watchSessionExpiry', src: 'watchSessionExpiry' },
      type: 'parallel',
      states: {
        settings: {
          description: "The signed-in user's settings (language, text size, font, preferences).",
          initial: 'loadingSettings',
          states: {
            loadingSettings: {
              description:
                "The user's settings are being read; defaults apply meanwhile. A save meanwhile reads them again.",
              invoke: {
                id: 'loadSettings',
                src: 'loadSettings',
                onDone: {
                  target: 'ready',
                  actions: [
                    { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
                    ...applySettings,
                  ],
                },
                // Defaults (English, normal size, system font) apply until settings can be read.
                onError: 'ready',
              },
              // A save answered while the read is under way makes its answer stale: read them again, so the
              // saved settings are not undone by the older ones.
              on: {
                'xstate.done.actor.accountDialog': {
                  guard: { type: 'dialogChangedSettings', params: ({ event }) => ({ output: event.output }) },
                  target: 'loadingSettings',
                  reenter: true,
                },
                'xstate.done.actor.deviceConfiguration': {
                  guard: { type: 'configurationSaved', params: ({ event }) => ({ output: event.output }) },
                  target: 'loadingSettings',
                  reenter: true,
                },
              },
            },
            ready: {
              description: "The user's settings (or the defaults, when they could not be read) are applied.",
            },
          },
        },
        // The socket, the device tree, the device page and the device configuration dialog come in a chunk
        // of their own, loaded when a session starts, so the login screen does not download them. Once it
        // is here the live actors are spawned from it (with their systemIds) and live as long as the session.
        world: {
          description:
            'The signed-in part of the app: the socket, device tree, device page and device configuration.',
          initial: 'loading',
          states: {
            loading: {
              description: 'The signed-in part of the app is being downloaded.',
              invoke: {
                id: 'loadSignedInWorld',
                src: 'loadSignedInWorld',
                onDone: {
                  target: 'live',
                  actions: { type: 'assignWorld', params: ({ event }) => ({ world: event.output }) },
                },
                onError: {
                  target: 'unavailable',
                  actions: {
                    type: 'logError',
                    params: ({ event }) => ({ what: 'signed-in chunk', error: event.error }),
                  },
                },
              },
            },
            // The chunk could not be fetched (offline, or replaced by a new deployment): try again later.
            unavailable: {
              description:
                'The signed-in part of the app could not be downloaded (offline or a new deployment); it is tried again shortly.',
              after: { WORLD_RETRY: 'loading' },
            },
            live: {
              description:
                'The live app is running: device tree, device pages and dashboards receive live values.',
              // The tree hears the route before the device page: the page's lookup finds the pages the
              // tree loads for it (departmentLookup.ts).
              entry: [
                'spawnLiveActors',
                'revealRouteDevice',
                'syncDevicePage',
                'syncDashboardsRoute',
                'syncDashboardPreferences',
                'syncStores',
                'syncReports',
              ],
              exit: ['closeDeviceConfiguration', 'stopLiveActors'],
              initial: 'configurationClosed',
              states: {
                configurationClosed: {
                  description: 'The device configuration dialog is closed.',
                  on: { 'deviceConfiguration.open': 'configurationOpen' },
                },
                configurationOpen: {
                  description:
                    'The device configuration dialog is open; when saved, the sidebar shows the new names and order.',
                  entry: 'openDeviceConfiguration',
                  exit: 'closeDeviceConfiguration',
                  on: {
                    // The dialog's actor is done: saved (the sidebar shows the new names and order) or cancelled.
                    'xstate.done.actor.deviceConfiguration': [
                      {
                        guard: {
                          type: 'configurationSaved',
                          params: ({ event }) => ({ output: event.output }),
                        },
                        target: 'configurationClosed',
                        actions: [
                          'reloadTree',
                          {
                            type: 'assignDeviceConfigurationSettings',
                            params: ({ event }) => ({ settings: savedSettings(event.output) }),
                          },
                        ],
                      },
                      { target: 'configurationClosed' },
                    ],
                  },
                },
              },
            },
          },
        },
        accountDialog: {
          description:
            'The dialogs of the account menu (settings, theme, switching account, support): one at a time.',
          initial: 'closed',
          states: {
            closed: {
              description: 'No account dialog is open.',
              on: {
                'accountDialog.open': {
                  guard: {
                    type: 'accountDialogAvailable',
                    params: ({ event }) => ({ dialog: event.dialog }),
                  },
                  target: 'open',
                  actions: { type: 'assignAccountDialog', params: ({ event }) => ({ dialog: event.dialog }) },
                },
              },
            },
            open: {
              description:
                'An account dialog is open; what it saves applies at once, a switch of account reloads the app.',
              entry: 'openAccountDialog',
              exit: ['closeAccountDialog', { type: 'assignAccountDialog', params: { dialog: null } }],
              on: {
                'xstate.done.actor.accountDialog': [
                  {
                    guard: { type: 'dialogSwitchedUser', params: ({ event }) => ({ output: event.output }) },
                    target: 'closed',
                    actions: [
                      {
                        type: 'persistSession',
                        params: ({ event }) => ({ session: switchedTo(event.output) }),
                      },
                      { type: 'loadPage', params: { path: ROUTES.home } },
                    ],
                  },
                  {
                    guard: {
                      type: 'dialogChangedSettings',
                      params: ({ event }) => ({ output: event.output }),
                    },
                    target: 'closed',
                    actions: [
                      {
                        type: 'assignSettings',
                        params: ({ event }) => ({ settings: savedAccountSettings(event.output) }),
                      },
                      ...applySettings,
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
              'revealRouteDevice',
              'syncDevicePage',
              'syncDashboardsRoute',
              'syncStores',
              'syncReports',
            ],
          },
        ],
        // Unsaved dashboard changes are asked about first (SPEC §2/§4).
        'session.logout': { actions: 'requestLogout' },
        'session.logoutAllowed': 'signingOut',
        'session.expired': { target: 'signedOut', actions: endSession },
      },
    },
    signingOut: {
      description:
        'The user signed out: the server is told, and the session ends locally whatever it answers.',
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
