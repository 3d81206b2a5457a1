import { fromCallback, fromPromise } from 'xstate';
import type { LoginRequest } from '#contracts';
import { completeEnglish } from '#i18n/messages';
import { noServiceWorker } from '../../services/serviceWorker';
import type { AppEvent } from './app.events';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import type { AppVersionEvent } from '../appVersion/appVersion.events';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import type { ConnectivityEvent } from '../connectivity/connectivity.events';
import { loginMachine } from '../login/loginMachine';
import { appMachine } from './appMachine';
import { restoreSession } from './session';
import type { AppServices } from '../../services/services';

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
      // fetched when a session starts; the app machine spawns its machines once it is here. It brings the rest
      // of the English catalogue, which its screens, notices and alarm notifications speak: the login page
      // loads only its own part.
      loadSignedInWorld: fromPromise(async () => {
        const [world, english] = await Promise.all([import('./provideSignedInWorld'), import('#i18n/en')]);
        completeEnglish(english.en);
        return world.provideSignedInWorld(services);
      }),
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
