import type { AppServices } from '../machines/app/provideApp';
import { createApi } from './api';
import { createBrowserEvents } from './browser';
import { createHttp, createUnauthorizedSignal } from './http';
import { createNavigation } from './navigation';
import type { SocketFactory } from './socket';
import { createStorage } from './storage';

/**
 * The browser's services for the app machine, talking to the server at `origin`. The socket comes from the
 * caller: the real one in main.tsx, a fake the UI tests drive.
 */
export function createAppServices(origin: string, socket: SocketFactory): AppServices {
  const storage = createStorage();
  const unauthorized = createUnauthorizedSignal();
  const http = createHttp({
    prefixUrl: new URL('/api', origin).href,
    getToken: () => storage.readToken(),
    onUnauthorized: unauthorized.notify,
  });
  return {
    api: createApi(http, new URL('/version.json', origin).href),
    storage,
    navigation: createNavigation(),
    browser: createBrowserEvents(),
    unauthorized,
    socket,
  };
}
