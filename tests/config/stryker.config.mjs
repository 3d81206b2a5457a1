// @ts-check
/**
 * Mutation testing (`npm run test:mutation`): Stryker changes the code one small mutation at a time and
 * reruns the tests that cover it; a mutant no test fails on is a behaviour the tests do not check.
 * This file is the src/machines scope against every unit, UI and path test; stryker.server.config.mjs
 * and stryker.paths.config.mjs are the other two scopes. docs/benchmarks.md has the scores.
 */

import process from 'node:process';
import './stryker.sample.mjs';

/** Files that declare only types or event unions: no behaviour to mutate. */
const notLogic = ['!src/machines/**/*.events.ts', '!src/machines/message.ts'];

/**
 * One scope: its files, its vitest config, and its own incremental file, so a rerun only tests
 * the mutants whose code or covering tests changed since that scope last ran.
 * @param {string} scope
 * @param {string[]} mutate
 * @param {string} vitestConfig
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationScope(scope, mutate, vitestConfig) {
  // A run of part of a scope (scripts/mutation-sample.ts) keeps its own files under its own name.
  const name = process.env.MUTATION_REPORT ?? scope;
  return {
    testRunner: 'vitest',
    vitest: { configFile: vitestConfig },
    coverageAnalysis: 'perTest',
    mutate,
    incremental: true,
    incrementalFile: `reports/mutation/${name}.incremental.json`,
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false },
    ignorePatterns: ['dist', 'data', 'coverage', 'test-results', '.vite', 'reports'],
    tempDirName: '.stryker-tmp',
    // Two busy cores: more workers only make each test run slower and push mutants into timeouts.
    concurrency: 2,
    timeoutMS: 10_000,
    // The first run of every test with coverage on a loaded machine takes many minutes.
    dryRunTimeoutMinutes: 60,
    thresholds: { high: 80, low: 60, break: null },
    plugins: ['@stryker-mutator/*', './tests/config/stryker.ignorers.mjs'],
    ignorers: ['machine-documentation'],
  };
}

export const machines = ['src/machines/**/*.ts', ...notLogic];

export default mutationScope('machines', machines, 'tests/config/vitest.mutation.machines.config.ts');
