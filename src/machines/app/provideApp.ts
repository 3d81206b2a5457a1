import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../services/api';
import type { AppStorage } from '../../services/storage';
import type { Navigation } from '../../services/navigation';
import type { BrowserEvents } from '../../services/browser';
import type { Clipboard } from '../../services/clipboard';
import type { LoginRequest } from '#contracts';
import type { SocketFactory } from '../../services/socket';
import { noServiceWorker, type AppServiceWorker } from '../../services/serviceWorker';
import type { UnauthorizedSignal } from '../../services/http';
import type { AlarmServices } from '../alarms/provideAlarms';
import type { AppEvent } from './app.events';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import type { AppVersionEvent } from '../appVersion/appVersion.events';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import type { ConnectivityEvent } from '../connectivity/connectivity.events';
import { loginMachine } from '../login/loginMachine';
import { appMachine } from './appMachine';
import { restoreSession } from './session';
import type { RangeAddress } from '../../services/rangeAddress';

export interface AppServices {
  api: Api;
  storage: AppStorage;
  navigation: Navigation;
  browser: BrowserEvents;
  /** Copying text for the user (the two-factor secret). */
  clipboard: Clipboard;
  unauthorized: Pick<UnauthorizedSignal, 'subscribe'>;
  /** Opens the real-time socket (one connection per attempt; the socket machine owns reconnection). */
  socket: SocketFactory;
  /** The alarms API, their SSE stream, and the browser's sound, notifications and push. */
  alarms: AlarmServices;
  /** Where the range chosen for a chart is kept across reloads: the address bar. */
  ranges: RangeAddress;
  /** The installed app's worker; absent (tests, dev server) an update is a plain reload. */
  serviceWorker?: AppServiceWorker;
}

/** Binds the app machine (and the machines it runs) to real services: the only place they meet. */
export function provideApp(services: AppServices) {
  const { api, storage, navigation, browser, unauthorized } = services;
  const serviceWorker = services.serviceWorker ?? noServiceWorker(() => browser.reload());
  return appMachine.provide({
    actors: {
      loadTheme: fromPromise(() => api.fetchTheme()),
      restoreSession: fromPromise(async () => restoreSession(storage.readSession(), storage.readToken())),
      loadSettings: fromPromise(() => api.fetchAccountSettings()),
      logout: fromPromise(() => api.logout()),
      watchSessionExpiry: fromCallback<AppEvent>(({ sendBack }) =>
        unauthorized.subscribe(() => sendBack({ type: 'session.expired' })),
      ),
      // The signed-in world (socket, device tree, device page, device configuration) is a chunk of its own,
      // fetched when a session starts; the app machine spawns its machines once it is here.
      loadSignedInWorld: fromPromise(async () =>
        (await import('./provideSignedInWorld')).provideSignedInWorld(services),
      ),
      login: loginMachine.provide({
        actors: { authenticate: fromPromise(({ input }: { input: LoginRequest }) => api.login(input)) },
      }),
      connectivity: connectivityMachine.provide({
        actors: {
          watchNetwork: fromCallback<ConnectivityEvent>(({ sendBack }) => {
            const report = (online: boolean) =>
              sendBack({ type: online ? 'network.restored' : 'network.lost' });
            report(browser.isOnline());
            return browser.onConnectivityChange(report);
          }),
        },
      }),
      appVersion: appVersionMachine.provide({
        actors: {
          fetchBuildId: fromPromise(() => api.fetchBuildId()),
          watchFocus: fromCallback<AppVersionEvent>(({ sendBack }) =>
            browser.onFocus(() => sendBack({ type: 'window.focused' })),
          ),
          watchServiceWorker: fromCallback<AppVersionEvent>(({ sendBack }) =>
            serviceWorker.start({
              onUpdateWaiting: () => sendBack({ type: 'serviceWorker.updateInstalled' }),
              onNotificationClick: (route) => sendBack({ type: 'notification.clicked', route }),
            }),
          ),
        },
        actions: {
          reloadPage: () => void serviceWorker.activateUpdate(),
          // The router view reports the new location (route.changed), so the guards of SPEC §2 still apply.
          openRoute: (_, { route }) => navigation.go(route),
        },
      }),
    },
    actions: {
      persistSession: (_, { session }) => storage.writeSession(session, session.token.id),
      clearStoredSession: () => storage.clearSession(),
      persistThemeMode: (_, { mode }) => storage.writeThemeMode(mode),
      redirect: (_, { path }) => navigation.redirect(path),
      loadPage: (_, { path }) => browser.load(path),
    },
  });
}
