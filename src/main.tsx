import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppServices } from './services/appServices';
import { systemClock } from './services/clock';
import { createServiceWorker } from './services/serviceWorker';
import { createSocketFactory } from './services/socket';
import { browserTimeZone } from './services/timeZone';
import { provideApp } from './machines/app/provideApp';
import { provideGuestMachines } from './machines/app/provideGuestMachines';
import { AppActor } from './ui/appActor';
import { App } from './ui/App';
import { GuestMachinesContext } from './ui/screens/guestMachines';
import './ui/styles.css';

// Composition root: the only place services are built and handed to the machines.
// The worker exists in built apps only (vite-plugin-pwa emits dist/sw.js); `npm run dev:spa` runs without it.
const serviceWorker =
  import.meta.env.PROD && 'serviceWorker' in navigator
    ? createServiceWorker(navigator.serviceWorker, () => window.location.reload())
    : undefined;
const services = createAppServices(
  window.location.origin,
  createSocketFactory(window.location),
  serviceWorker,
);
const logic = provideApp(services);
const guestMachines = { logic: provideGuestMachines(services) };

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React yield while it renders the first screen, so no single task holds the main thread long.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <GuestMachinesContext.Provider value={guestMachines}>
        <AppActor.Provider
          logic={logic}
          options={{
            clock: systemClock,
            input: {
              path: window.location.pathname,
              themeMode: services.storage.readThemeMode(),
              buildId: __BUILD_ID__,
              timeZone: browserTimeZone(),
            },
          }}
        >
          <App />
        </AppActor.Provider>
      </GuestMachinesContext.Provider>
    </StrictMode>,
  ),
);
