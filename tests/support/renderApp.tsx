import { render } from '@testing-library/react';
import { App } from '../../src/ui/App';
import { AppActor } from '../../src/ui/appActor';
import { provideApp } from '../../src/machines/app/provideApp';
import { createApi } from '../../src/services/api';
import { createBrowserEvents } from '../../src/services/browser';
import { createHttp, createUnauthorizedSignal } from '../../src/services/http';
import { createNavigation } from '../../src/services/navigation';
import { createStorage } from '../../src/services/storage';
import { fakeSocketFactory } from './fakeSocket';

/** Renders the whole SPA at `path` with the production services, as main.tsx wires them (the socket is a fake the test may drive). */
export function renderApp(path: string, socket = fakeSocketFactory()) {
  window.history.replaceState(null, '', path);
  const storage = createStorage();
  const unauthorized = createUnauthorizedSignal();
  const http = createHttp({
    prefixUrl: new URL('/api', window.location.origin).href,
    getToken: () => storage.readToken(),
    onUnauthorized: unauthorized.notify,
  });
  const logic = provideApp({
    api: createApi(http, new URL('/version.json', window.location.origin).href),
    storage,
    navigation: createNavigation(),
    browser: createBrowserEvents(),
    unauthorized,
    socket: socket.factory,
  });
  return render(
    <AppActor.Provider logic={logic} options={{ input: { path, themeMode: null, buildId: 'test-build' } }}>
      <App />
    </AppActor.Provider>,
  );
}
