import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { en } from '#i18n/en';
import { completeEnglish } from '#i18n/messages';
import { apiHandlers } from '../support/servers/apiHandlers';

export const server = setupServer(...apiHandlers);

// The suites run side by side on two cores in CI, often beside other work: findBy… and waitFor wait for what
// the app renders, and give up only when it is clearly missing (within the 30 s a test may take).
configure({ asyncUtilTimeout: 20_000 });

// A view rendered on its own speaks the whole English catalogue, as a signed-in page does (the signed-in world
// brings it: src/machines/app/provideApp.ts); the guest screens' part alone is what the built login page loads,
// which the end-to-end sign-in and password recovery tests read.
completeEnglish(en);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  // A range chosen for a chart is kept in the address (services/rangeAddress.ts): the next test starts without.
  if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
});
afterAll(() => server.close());
