import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../../vitest.config';

/** The UI projects load the lazy views before their tests (see vitest.mutation.preload.ts). */
export function preloadLazyViews(
  projects: TestProjectInlineConfiguration[],
): TestProjectInlineConfiguration[] {
  return projects.map((project) =>
    project.test?.environment === 'jsdom'
      ? {
          ...project,
          test: {
            ...project.test,
            setupFiles: [project.test.setupFiles ?? []]
              .flat()
              .concat('tests/config/vitest.mutation.preload.ts'),
          },
        }
      : project,
  );
}

/**
 * `MUTATION_TESTS=loginMachine,LoginScreen npm run test:mutation:paths -- --mutate 'src/machines/login/**'`:
 * only the test files whose name contains one of the comma-separated names. Every view path imports every
 * machine, so without it each static mutant of one machine runs all of them.
 */
export function narrowToNamedTests(
  projects: TestProjectInlineConfiguration[],
): TestProjectInlineConfiguration[] {
  const names = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean);
  if (!names.length) return projects;
  return projects.map((project) => {
    const globs = [project.test?.include ?? []].flat();
    // A glob narrows to the names; a file named outright (the mocking UI tests) stays only if it is one of them.
    const include = names.flatMap((name) =>
      globs.flatMap((glob) =>
        glob.includes('*') ? [glob.replace(/\*([^/*]*)$/, `*${name}*$1`)] : glob.includes(name) ? [glob] : [],
      ),
    );
    return { ...project, test: { ...project.test, include } };
  });
}

/**
 * The tests Stryker runs against each mutant (`npm run test:mutation`): every project of vitest.config.ts
 * except e2e, which needs a built SPA and a running server that a mutant sandbox does not have.
 */
const projects = ((base.test?.projects ?? []) as TestProjectInlineConfiguration[]).filter(
  (project) => project.test?.name !== 'e2e',
);

export default defineConfig({
  plugins: base.plugins,
  test: { projects: narrowToNamedTests(preloadLazyViews(projects)) },
});
