import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vitest.config';

/**
 * `npm run test:paths`: the generated path tests alone, ending with the coverage table. They keep the
 * projects vitest.config.ts runs them in (machine paths in node, view paths in jsdom with the UI setup),
 * each narrowed to its tests/paths files. A name after `--` (`npm run test:paths -- login`) runs only the
 * path test files whose name contains it.
 *
 * `PATHS_BROWSER=1 npm run test:paths` adds the journeys that cross the server, played in Chromium against
 * the real server (tests/e2e/paths, in the e2e project narrowed to them). Each file starts a server of its own,
 * which serves the built SPA: run `npx vite build` first (and tests/e2e/ensure-chromium.sh once).
 */
const isPathGlob = (glob: string) => glob.startsWith('tests/paths/');
const BROWSER_PATHS = 'tests/e2e/paths/**/*.test.ts';
const inBrowser = process.env.PATHS_BROWSER === '1';

const projects = (base.test?.projects ?? []) as TestProjectInlineConfiguration[];
const pathProjects = projects.flatMap((project) => {
  const include = [project.test?.include ?? []].flat().filter(isPathGlob);
  return include.length ? [{ ...project, test: { ...project.test, include } }] : [];
});
if (!pathProjects.length) throw new Error('No project of vitest.config.ts runs tests/paths');

function browserPathProject(): TestProjectInlineConfiguration {
  const e2e = projects.find((project) => project.test?.name === 'e2e');
  if (!e2e) throw new Error('No e2e project in vitest.config.ts for the Chromium path tests');
  if (!existsSync(new URL('../../dist/index.html', import.meta.url)))
    throw new Error(
      'PATHS_BROWSER=1: the Chromium path tests need the built SPA the server serves. Run `npx vite build` first.',
    );
  return { ...e2e, test: { ...e2e.test, include: [BROWSER_PATHS] } };
}

export default defineConfig({
  plugins: base.plugins,
  test: {
    // A path spends much of each step waiting for the view to settle: one worker more than the suite's uses that
    // time (on two cores: 113 s instead of 122 s for the whole generated suite).
    maxWorkers: (base.test?.maxWorkers as number) + 1,
    projects: inBrowser ? [...pathProjects, browserPathProject()] : pathProjects,
    reporters: ['default', './tests/support/paths/pathCoverageReporter.ts'],
  },
});
