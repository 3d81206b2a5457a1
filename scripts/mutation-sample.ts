/**
 * `npm run test:mutation:sample`: an estimate of the two src/machines mutation scores of issue 11 (all tests,
 * and the path tests alone) on a random sample of the mutants (tests/config/stryker.sample.mjs), one area of
 * src/machines at a time against that area's own tests. Every view path renders the whole app and so imports every machine: run
 * against all tests, each static mutant would run all of them (days on two cores). An area's own tests are a
 * subset of all tests, so each score here is a lower bound of the score against every test.
 *
 * MUTATION_SAMPLE (default 0.05) sets the share of mutants; `-- login dashboards` runs only the areas named.
 * Prints a table per area and the totals with a 95% interval (Wilson) to paste into docs/benchmarks.md;
 * `-- --report` prints it from the reports already in reports/mutation/ without running anything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** Each area's own tests: parts of test file names (MUTATION_TESTS in tests/config/vitest.mutation.config.ts). */
const AREAS: Record<string, { mutate: string[]; tests: string[] }> = {
  accountDialogs: area('accountDialogs', ['appMachine']),
  accountSettings: area('accountSettings', ['accountSettings', 'DevicePageAccountSettings']),
  alarms: area('alarms', ['alarm', 'Alarm', 'pushSubscription']),
  annotations: area('annotations', ['annotations', 'Annotations']),
  app: {
    mutate: ['src/machines/app/**/*.ts', 'src/machines/systemIds.ts', 'src/machines/userPreferences.ts'],
    tests: ['appMachine', 'departmentLookup', 'untrustedKeys'],
  },
  appVersion: area('appVersion', ['appVersion', 'Banners']),
  connectivity: area('connectivity', ['connectivity', 'Banners']),
  dashboardEditor: area('dashboardEditor', [
    'dashboardEditor',
    'openedDashboard',
    'historyActors',
    'DashboardScreen',
    'DashboardKeyboardLayout',
  ]),
  dashboards: area('dashboards', ['dashboardsMachine', 'DashboardsSidebar', 'nameOrder']),
  dateRange: area('dateRange', ['dateRange', 'DateRange']),
  deviceConfiguration: area('deviceConfiguration', ['deviceConfiguration', 'DeviceConfiguration']),
  devicePage: area('devicePage', ['devicePage', 'DevicePage']),
  deviceTree: area('deviceTree', ['deviceTree', 'Sidebar', 'nameOrder']),
  elementLineEdit: area('elementLineEdit', ['elementLineEdit', 'LineWidget']),
  forgotPassword: area('forgotPassword', ['forgotPassword', 'passwordRecovery']),
  historyQuery: area('historyQuery', ['historyQuery', 'historyActors']),
  importWizard: area('importWizard', ['importWizard', 'ImportDashboard']),
  lineEdit: area('lineEdit', ['lineEdit', 'LineDetails']),
  login: area('login', ['login', 'Login']),
  notifications: area('notifications', ['notifications']),
  passwordReset: area('passwordReset', ['passwordReset', 'passwordRecovery']),
  socket: area('socket', ['socket']),
  supportRequest: area('supportRequest', ['supportRequest', 'SupportRequest']),
  switchAccount: area('switchAccount', ['switchAccount', 'SwitchAccount']),
  switchBack: area('switchBack', ['switchBack', 'SwitchAccount']),
  themeSettings: area('themeSettings', ['themeSettings', 'themeFonts']),
  twoFactorSetup: area('twoFactorSetup', ['twoFactor']),
  users: area('users', ['users']),
  widgetEditor: area('widgetEditor', [
    'widgetEditor',
    'widgetElement',
    'elementBuffer',
    'ElementBuffer',
    'WidgetDetails',
  ]),
};

function area(folder: string, tests: string[]) {
  return { mutate: [`src/machines/${folder}/**/*.ts`], tests };
}

/** As tests/config/stryker.config.mjs: event unions are types only. */
const NOT_LOGIC = '!src/machines/**/*.events.ts';

const SCOPES = {
  all: 'tests/config/stryker.config.mjs',
  paths: 'tests/config/stryker.paths.config.mjs',
} as const;
type Scope = keyof typeof SCOPES;

interface Counts {
  /** Every mutant of the area that counts (documentation and types left out), sampled or not. */
  population: number;
  mutants: number;
  detected: number;
  survived: number;
  noCoverage: number;
  errors: number;
}

/** Stryker's JSON report of one run, counted as Stryker scores it (errors are left out). */
function counts(report: string): Counts {
  const files = JSON.parse(readFileSync(report, 'utf8')).files as Record<
    string,
    { mutants: { status: string; statusReason?: string }[] }
  >;
  const mutants = Object.values(files).flatMap((file) => file.mutants);
  const statuses = mutants.map((mutant) => mutant.status);
  const count = (...wanted: string[]) => statuses.filter((status) => wanted.includes(status)).length;
  const unsampled = mutants.filter((mutant) => mutant.statusReason === 'Outside the sample').length;
  return {
    population: unsampled + count('Killed', 'Timeout', 'Survived', 'NoCoverage'),
    mutants: count('Killed', 'Timeout', 'Survived', 'NoCoverage'),
    detected: count('Killed', 'Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    errors: count('CompileError', 'RuntimeError'),
  };
}

const reportOf = (name: string, scope: Scope) => `reports/mutation/mutation-sample-${scope}-${name}.json`;

function run(name: string, scope: Scope): Counts | null {
  const { mutate, tests } = AREAS[name]!;
  const report = `mutation-sample-${scope}-${name}`;
  const result = spawnSync(
    'npx',
    ['stryker', 'run', SCOPES[scope], '--mutate', [...mutate, NOT_LOGIC].join(','), '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_SAMPLE: process.env.MUTATION_SAMPLE ?? '0.05',
        MUTATION_TESTS: tests.join(','),
        MUTATION_REPORT: report,
      },
    },
  );
  const json = reportOf(name, scope);
  if (result.status !== 0 || !existsSync(json)) {
    console.error(`${name} (${scope}): Stryker failed (exit ${result.status})`);
    return null;
  }
  return counts(json);
}

const score = ({ detected, mutants }: Counts) => (mutants ? (100 * detected) / mutants : 0);

/**
 * The score over all the areas measured, each weighing as many mutants as it has (areas may have been sampled at
 * different rates), with a 95% interval (normal approximation of the stratified estimate).
 */
function estimate(rows: Counts[]) {
  const measured = rows.filter((row) => row.mutants > 0);
  const population = measured.reduce((total, row) => total + row.population, 0);
  let share = 0;
  let variance = 0;
  for (const row of measured) {
    const weight = row.population / population;
    const p = row.detected / row.mutants;
    share += weight * p;
    variance += (weight * weight * p * (1 - p)) / row.mutants;
  }
  const half = 1.96 * Math.sqrt(variance);
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  const tested = measured.reduce((total, row) => total + row.mutants, 0);
  const interval = `${percent(Math.max(0, share - half))}–${percent(Math.min(1, share + half))}`;
  return `${percent(share)} (95%: ${interval}), ${tested} mutants tested of ${population} in the areas measured`;
}

const reportOnly = process.argv.includes('--report');
const named = process.argv.slice(2).filter((argument) => argument !== '--report');
const unknown = named.filter((name) => !(name in AREAS));
if (unknown.length) throw new Error(`No area ${unknown.join(', ')}; areas: ${Object.keys(AREAS).join(', ')}`);
const areas = named.length ? named : Object.keys(AREAS);
const reported = (name: string, scope: Scope) =>
  existsSync(reportOf(name, scope)) ? counts(reportOf(name, scope)) : null;
const results = areas.map((name) =>
  reportOnly
    ? { name, all: reported(name, 'all'), paths: reported(name, 'paths') }
    : { name, all: run(name, 'all'), paths: run(name, 'paths') },
);

const cells = (row: Counts | null) =>
  row
    ? [row.mutants, row.detected, row.survived, row.noCoverage, `${score(row).toFixed(1)}%`]
    : ['not measured', '', '', '', ''];
console.log(
  '\n| area | mutants | all: sampled | detected | survived | no coverage | score | paths: sampled | detected | survived | no coverage | score |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const { name, all, paths } of results) {
  const population = all?.population ?? paths?.population ?? '';
  console.log(`| ${[name, population, ...cells(all), ...cells(paths)].join(' | ')} |`);
}
for (const scope of ['all', 'paths'] as const) {
  console.log(`${scope}: ${estimate(results.flatMap((result) => (result[scope] ? [result[scope]] : [])))}`);
}
