import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The UI test files that replace modules (`vi.mock`): they need a module registry of their own, so they run
 * isolated. The other UI files share one per worker, which saves a jsdom and an app import per file (about half
 * their time).
 */
const MOCKING_UI_TESTS = ['tests/ui'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    .filter((file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8'))),
);

const uiProject = {
  environment: 'jsdom' as const,
  setupFiles: ['tests/support/dom/patientWaitFor.ts', 'tests/ui/setup.ts'],
};

export default defineConfig({
  plugins: [react()],
  test: {
    // The suite waits more than it computes (servers, browsers, timers): a whole run needs about 1,250 s of CPU,
    // 625 s on two cores kept busy, yet took 1,465 s with a worker a core. One worker more fills the cores' idle
    // time (docs/benchmarks.md, "The test suite").
    maxWorkers: availableParallelism() + 1,
    // A timeout only catches a test that hangs: tests wait on events, never on the clock. Rendering the whole app
    // in jsdom takes over 5 s (vitest's default) on a two-core machine that runs other suites too.
    testTimeout: 30_000,
    // expect.poll gives up after 1 s unless told otherwise: too short for a server's answer on a loaded machine.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          setupFiles: ['tests/support/dom/patientWaitFor.ts'],
          include: ['tests/machines/**/*.test.ts', 'tests/paths/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          ...uiProject,
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: MOCKING_UI_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Each view path suite renders the whole app with its own server answers: a fresh registry per file,
          // in a VM context per file on worker threads, so a file starts without a process and a jsdom of its
          // own (the generated path suite: 117 s instead of 174 s on two cores).
          name: 'ui-paths',
          ...uiProject,
          pool: 'vmThreads',
          setupFiles: ['tests/ui/vmGlobals.ts', ...uiProject.setupFiles],
          include: ['tests/paths/**/*.view-paths.test.tsx'],
        },
      },
      {
        extends: true,
        test: {
          // They replace window.location or modules: a process and a registry per file.
          name: 'ui-isolated',
          ...uiProject,
          include: MOCKING_UI_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/deploy/**/*.test.ts'],
          // The files share a worker's modules (they mock nothing and keep their state in the apps they build):
          // the server's code is imported once a worker instead of once a file (13% less CPU on a sample of 16).
          isolate: false,
          globalSetup: ['server/src/testing/globalSetup.ts'],
          // Hang detectors, not margins: a file of scrypt sign-ins took 34 s for one test at load 20.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Each benchmark at its smoke size, in a process of its own, one after the other beside the other files
          // (the project's name sorts it first: it starts with the run, not after it).
          name: 'bench',
          environment: 'node',
          include: ['tests/bench/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file starts a server of its own, so files run side by side like the others.
          setupFiles: ['tests/e2e/setup.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
