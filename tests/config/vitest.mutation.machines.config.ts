import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import everything from './vitest.mutation.config';

/**
 * `npm run test:mutation:machines`: src/machines against every SPA test. The server's tests never load the SPA's
 * machines (the server imports only the contracts), so running them for each static mutant would only cost time.
 */
export default defineConfig({
  plugins: everything.plugins,
  test: {
    projects: ((everything.test?.projects ?? []) as TestProjectInlineConfiguration[]).filter(
      (project) => project.test?.name !== 'server',
    ),
  },
});
