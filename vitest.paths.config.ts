import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config';

/**
 * `npm run test:paths`: the generated path tests alone, ending with the coverage table. They keep the
 * projects vitest.config.ts runs them in (machine paths in node, view paths in jsdom with the UI setup),
 * each narrowed to its tests/paths files. A name after `--` (`npm run test:paths -- login`) runs only the
 * path test files whose name contains it.
 */
const isPathGlob = (glob: string) => glob.startsWith('tests/paths/');
const pathProjects = ((base.test?.projects ?? []) as TestProjectInlineConfiguration[]).flatMap((project) => {
  const include = [project.test?.include ?? []].flat().filter(isPathGlob);
  return include.length ? [{ ...project, test: { ...project.test, include } }] : [];
});
if (!pathProjects.length) throw new Error('No project of vitest.config.ts runs tests/paths');

export default defineConfig({
  plugins: base.plugins,
  test: {
    projects: pathProjects,
    reporters: ['default', './tests/support/pathCoverageReporter.ts'],
  },
});
