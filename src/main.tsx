import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppServices } from './services/appServices';
import { systemClock } from './services/clock';
import { createSocketFactory } from './services/socket';
import { browserTimeZone } from './services/timeZone';
import { provideApp } from './machines/app/provideApp';
import { AppActor } from './ui/appActor';
import { App } from './ui/App';
import './ui/styles.css';

// Composition root: the only place services are built and handed to the machines.
const services = createAppServices(window.location.origin, createSocketFactory(window.location));
const logic = provideApp(services);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
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
  </StrictMode>,
);
