import { render } from '@testing-library/react';
import { App } from '../../../src/ui/App';
import { AppActor } from '../../../src/ui/appActor';
import { provideApp } from '../../../src/machines/app/provideApp';
import { createAppServices } from '../../../src/services/appServices';
import { createStorage } from '../../../src/services/storage';
import type { Session } from '#contracts';
import { fakeSocketFactory } from '../fakes/fakeSocket';

/** Renders the whole SPA at `path` with the production services, as main.tsx wires them (the socket is a fake the test may drive). */
export function renderApp(path: string, socket = fakeSocketFactory()) {
  window.history.replaceState(window.history.state, '', path);
  const logic = provideApp(createAppServices(window.location.origin, socket.factory));
  return render(
    <AppActor.Provider logic={logic} options={{ input: { path, themeMode: null, buildId: 'test-build' } }}>
      <App />
    </AppActor.Provider>,
  );
}

/** Keeps `session` where the app looks for one at start: the product then renders signed in, as after a reload. */
export function storeSession(session: Session) {
  createStorage(window.localStorage).writeSession(session, session.token.id);
}
