import type { AppServices, GuestServices } from './services';
import { createAlarmBrowser } from './alarmBrowser';
import { createAlarmStream } from './alarmStream';
import { createApi } from './api';
import { createAlarmsApi } from './api/alarms';
import { createPasswordRecoveryApi } from './api/passwordRecovery';
import { currentEnglish } from '../i18n/messages';
import { createBrowserEvents } from './browser';
import { createClipboard } from './clipboard';
import { createHttp, createUnauthorizedSignal } from './http';
import { createNavigation } from './navigation';
import { browserRangeAddress } from './rangeAddress';
import type { AppServiceWorker } from './serviceWorker';
import type { SocketFactory } from './socket';
import { createStorage } from './storage';

/**
 * The browser's services for the app machine and the password screens, talking to the server at `origin`. The
 * socket and the service worker come from the caller: the real ones in main.tsx; the UI tests drive a fake socket and run no worker.
 */
export function createAppServices(
  origin: string,
  socket: SocketFactory,
  serviceWorker?: AppServiceWorker,
): AppServices & GuestServices {
  const storage = createStorage();
  const unauthorized = createUnauthorizedSignal();
  const http = createHttp({
    prefixUrl: new URL('/api', origin).href,
    getToken: () => storage.readToken(),
    onUnauthorized: unauthorized.notify,
  });
  return {
    api: createApi(http, new URL('/version.json', origin).href),
    passwordRecovery: createPasswordRecoveryApi(http),
    storage,
    navigation: createNavigation(),
    browser: createBrowserEvents(),
    clipboard: createClipboard(navigator),
    unauthorized,
    socket,
    ranges: browserRangeAddress,
    alarms: {
      api: createAlarmsApi(http),
      stream: createAlarmStream({ origin, getToken: () => storage.readToken() }),
      browser: createAlarmBrowser(),
      // Alarms reach a signed-in user, whose page has the whole English catalogue.
      alarmText: (code) => (currentEnglish() as Record<string, string>)[`alarm.${code}`] ?? code,
    },
    ...(serviceWorker ? { serviceWorker } : {}),
  };
}
