import { fromCallback, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { englishMessages } from '../../i18n/messages';
import type { Api } from '../../services/api';
import type { AppStorage } from '../../services/storage';
import type { Navigation } from '../../services/navigation';
import type { BrowserEvents } from '../../services/browser';
import type { DeviceConfigurationSave, LineWriteRequest, LoginRequest } from '../../services/contracts';
import type { DepartmentNamesQuery, LinesQuery, PagesQuery } from '../../services/api';
import type { SocketFactory } from '../../services/socket';
import type { UnauthorizedSignal } from '../../services/http';
import type { AppEvent } from './app.events';
import { appVersionMachine } from '../appVersion/appVersionMachine';
import type { AppVersionEvent } from '../appVersion/appVersion.events';
import { connectivityMachine } from '../connectivity/connectivityMachine';
import type { ConnectivityEvent } from '../connectivity/connectivity.events';
import { deviceConfigurationMachine } from '../deviceConfiguration/deviceConfigurationMachine';
import { devicePageMachine } from '../devicePage/devicePageMachine';
import { notFoundPath, type DepartmentLookup, type PageAddress } from '../devicePage/devicePage.types';
import { findDepartment } from '../deviceTree/deviceTree.selectors';
import { deviceTreeMachine } from '../deviceTree/deviceTreeMachine';
import { lineEditMachine } from '../lineEdit/lineEditMachine';
import { loginMachine } from '../login/loginMachine';
import type { ConnectionCommand } from '../socket/socket.events';
import { socketMachine, type SocketInput } from '../socket/socketMachine';
import { SYSTEM_IDS } from '../systemIds';
import { appMachine } from './appMachine';
import { restoreSession } from './session';

export interface AppServices {
  api: Api;
  storage: AppStorage;
  navigation: Navigation;
  browser: BrowserEvents;
  unauthorized: Pick<UnauthorizedSignal, 'subscribe'>;
  /** Opens the real-time socket (one connection per attempt; the socket machine owns reconnection). */
  socket: SocketFactory;
}

/** The device page's lookup: waits for the tree to be loaded, then answers what it knows of the department. */
type SystemLike = { get(systemId: string): unknown };

async function lookupInTree(system: SystemLike, address: PageAddress): Promise<DepartmentLookup> {
  const tree = system.get(SYSTEM_IDS.deviceTree) as ActorRefFrom<typeof deviceTreeMachine> | undefined;
  if (!tree) throw new Error('The device tree is not running');
  const settled = await waitFor(tree, (s) => s.matches('loaded') || s.matches('failed'));
  if (settled.matches('failed')) throw new Error('The device tree could not be loaded');
  return findDepartment(settled, address);
}

/** The connection of one socket attempt, reporting to the socket machine. */
const socketConnection = (socket: SocketFactory) =>
  fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
    const connection = socket(input.token, {
      opened: () => sendBack({ type: 'socket.opened' }),
      received: (data) => sendBack({ type: 'socket.messageReceived', data }),
      closed: () => sendBack({ type: 'socket.closed' }),
    });
    receive((command) => connection.send(command.text));
    return () => connection.close();
  });

/** Binds the app machine (and the machines it runs) to real services: the only place they meet. */
export function provideApp({ api, storage, navigation, browser, unauthorized, socket }: AppServices) {
  return appMachine.provide({
    actors: {
      loadTheme: fromPromise(() => api.fetchTheme()),
      restoreSession: fromPromise(async () => restoreSession(storage.readSession(), storage.readToken())),
      loadSettings: fromPromise(() => api.fetchAccountSettings()),
      logout: fromPromise(() => api.logout()),
      watchSessionExpiry: fromCallback<AppEvent>(({ sendBack }) =>
        unauthorized.subscribe(() => sendBack({ type: 'session.expired' })),
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
        },
        actions: { reloadPage: () => browser.reload() },
      }),
      socket: socketMachine.provide({ actors: { connection: socketConnection(socket) } }),
      deviceTree: deviceTreeMachine.provide({
        actors: {
          loadTree: fromPromise(() => api.getDeviceTree()),
          loadNames: fromPromise(({ input }: { input: DepartmentNamesQuery }) => api.departmentNames(input)),
          loadPages: fromPromise(({ input }: { input: PagesQuery }) => api.pages(input)),
          loadLines: fromPromise(({ input }: { input: LinesQuery }) => api.lines(input)),
        },
      }),
      devicePage: devicePageMachine.provide({
        actors: {
          lookupDepartment: fromPromise(({ input, system }: { input: PageAddress; system: SystemLike }) =>
            lookupInTree(system, input),
          ),
          loadLines: fromPromise(({ input }: { input: LinesQuery }) => api.lines(input)),
          refreshLines: fromPromise(({ input }: { input: LinesQuery }) => api.refreshLines(input)),
          lineEdit: lineEditMachine.provide({
            actors: {
              writeLine: fromPromise(({ input }: { input: LineWriteRequest }) => api.writeLine(input)),
            },
          }),
        },
        // The 404 message travels in the URL; it is written in English (the catalogue every locale falls back to).
        actions: {
          redirectToNotFound: (_, { message }) => navigation.redirect(notFoundPath(englishMessages[message])),
        },
      }),
      deviceConfiguration: deviceConfigurationMachine.provide({
        actors: {
          saveConfiguration: fromPromise(({ input }: { input: DeviceConfigurationSave }) =>
            api.saveDeviceConfiguration(input),
          ),
        },
      }),
    },
    actions: {
      persistSession: (_, { session }) => storage.writeSession(session, session.token.id),
      clearStoredSession: () => storage.clearSession(),
      persistThemeMode: (_, { mode }) => storage.writeThemeMode(mode),
      redirect: (_, { path }) => navigation.redirect(path),
    },
  });
}
