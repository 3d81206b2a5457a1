/**
 * Lighthouse scores (performance and accessibility) of the login screen and of the favorite dashboard a user lands
 * on after signing in, with Lighthouse's mobile profile (Moto G Power, slow 4G and 4× CPU throttling, simulated)
 * and its desktop profile.
 *
 *   npx vite build && node --import tsx bench/lighthouse.ts
 *
 * Starts the real server (demo fleet running) on the built SPA and Debian's Chromium through chrome-launcher;
 * the dashboard is audited in a profile where operator has signed in (Playwright over the DevTools protocol), with
 * Lighthouse told to keep that storage. Each page and profile is audited RUNS times and the median kept.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { submitSignIn, waitUntilSignedIn } from '../tests/e2e/support/signInForm';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { percentile } from './support/stats';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** The profiles audited: both by default; the smoke run takes the phone's alone (each audit is a page load or two). */
const PROFILES = (process.env.LIGHTHOUSE_PROFILES ?? 'mobile,desktop').split(',') as ('mobile' | 'desktop')[];
/**
 * A signed-in page keeps its live socket and alarm stream open, so the network never goes quiet: Lighthouse would
 * wait its 45 s default before it scores. The page has loaded long before this.
 */
const MAX_WAIT_FOR_LOAD_MS = 10_000;
const GOAL = 95;
const CATEGORIES = ['performance', 'accessibility'] as const;

const server = await startServer({ LOG_LEVEL: 'error' }, seededDatabase());
const origin = `http://localhost:${server.port}`;
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Signs operator in once in Chromium's profile, so the dashboard audits open the favorite dashboard. */
async function signInOperator(): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${origin}/login`);
  await submitSignIn(page, 'operator', 'Operator123');
  await waitUntilSignedIn(page, 'operator');
  await page.close();
  await browser.close();
}

interface Audit {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
}

const scoreOf = (score: number | null | undefined) => (score == null ? NaN : Math.round(score * 100));
/** A measured figure, or the words that say it was not: never a NaN in the table. */
const shown = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'not measured');

async function audit(url: string, profile: 'mobile' | 'desktop', keepStorage: boolean): Promise<Audit> {
  const flags: Flags = {
    port: chrome.port,
    onlyCategories: [...CATEGORIES],
    disableStorageReset: keepStorage,
    logLevel: 'error',
    maxWaitForLoad: MAX_WAIT_FOR_LOAD_MS,
  };
  const config: Config | undefined = profile === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  return {
    // No score when Lighthouse could not measure (on a loaded machine it may miss the largest paint: NO_LCP).
    performance: scoreOf(categories.performance?.score),
    accessibility: scoreOf(categories.accessibility?.score),
    lcp: Number(audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbt: Number(audits['total-blocking-time']?.numericValue ?? NaN),
  };
}

/** Audits `url` RUNS times in `profile` and prints the medians against the goal. */
async function report(name: string, url: string, profile: 'mobile' | 'desktop', keepStorage: boolean) {
  const runs: Audit[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await audit(url, profile, keepStorage));
  const pick = (key: keyof Audit) =>
    percentile(
      runs.map((r) => r[key]),
      50,
    );
  const [performance, accessibility] = [pick('performance'), pick('accessibility')];
  const verdict = performance >= GOAL && accessibility >= GOAL ? 'meets' : 'misses';
  console.log(
    `| ${name} | ${profile} | ${shown(performance)} | ${shown(accessibility)} | ${shown(pick('lcp'))} | ` +
      `${shown(pick('tbt'))} | ${RUNS} | ${verdict} |`,
  );
}

console.log(`\nLighthouse (medians; goal: performance and accessibility at least ${GOAL})\n`);
console.log('| page | profile | performance | accessibility | LCP ms | TBT ms | runs | goal |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');

try {
  // The login screen as a visitor meets it: no one signed in, so no live socket of an earlier audit is still open.
  for (const profile of PROFILES) await report('login', `${origin}/login`, profile, false);
  await signInOperator();
  for (const profile of PROFILES) await report('favorite dashboard', `${origin}/`, profile, true);
} finally {
  chrome.kill();
  await server.stop();
}
