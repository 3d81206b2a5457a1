import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiHandlers } from '../support/apiHandlers';

export const server = setupServer(...apiHandlers);

// The suites run side by side on two cores in CI: give findBy… and waitFor room before calling something missing.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  // A range chosen for a chart is kept in the address (services/rangeAddress.ts): the next test starts without.
  if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
});
afterAll(() => server.close());
