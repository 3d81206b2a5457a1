import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { narrowToNamedTests, preloadLazyViews } from './vitest.mutation.config';
import paths from './vitest.paths.config';

/**
 * `npm run test:mutation:paths`: the generated path tests alone against the src/machines mutants, to show
 * what they catch without the hand-written tests. Same projects as `npm run test:paths`, without its
 * coverage table, which Stryker would print after every mutant.
 */
const projects = ((paths.test?.projects ?? []) as TestProjectInlineConfiguration[]).filter(
  // Never the Chromium journeys (PATHS_BROWSER=1): they need a built SPA and a running server.
  (project) => project.test?.name !== 'e2e',
);

export default defineConfig({
  plugins: paths.plugins,
  test: { projects: narrowToNamedTests(preloadLazyViews(projects)) },
});
