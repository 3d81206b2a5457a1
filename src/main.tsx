import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './services/api';
import { createBrowserEvents } from './services/browser';
import { systemClock } from './services/clock';
import { createHttp, createUnauthorizedSignal } from './services/http';
import { createNavigation } from './services/navigation';
import { createSocketFactory } from './services/socket';
import { createStorage } from './services/storage';
import { provideApp } from './machines/app/provideApp';
import { AppActor } from './ui/appActor';
import { App } from './ui/App';
import './ui/styles.css';

// Composition root: the only place services are built and handed to the machines.
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
  socket: createSocketFactory(window.location),
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppActor.Provider
      logic={logic}
      options={{
        clock: systemClock,
        input: { path: window.location.pathname, themeMode: storage.readThemeMode(), buildId: __BUILD_ID__ },
      }}
    >
      <App />
    </AppActor.Provider>
  </StrictMode>,
);
