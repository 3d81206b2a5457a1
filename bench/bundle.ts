/**
 * JavaScript the browser loads for the login screen, and what signing in adds up to the favorite dashboard.
 *
 *   npx vite build && node --import tsx bench/bundle.ts
 *
 * Starts the real server on the built SPA (dist/), opens /login in headless Chromium with an empty cache,
 * records every JavaScript response, then signs in as admin/Admin123 and records what the home screen adds.
 * The server sends the files uncompressed, so each body is gzipped here with node:zlib at level 9 (what a
 * compressing proxy or a pre-compressed build would send); the raw size is the body as served.
 */
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { startServer } from '../tests/e2e/support/server';
import { seededDatabase } from './support/seededDatabase';
import { launchBrowserForBench } from './support/browser';
import { submitSignIn } from '../tests/e2e/support/signInForm';
import { endWithGoal } from './support/goal';

interface Loaded {
  file: string;
  raw: number;
  gzip: number;
}

/** The login screen must stay under this (kB gzip, all its JavaScript). */
const LOGIN_BUDGET_KB = 150;

// kB = 1,000 bytes, as Vite reports chunk sizes.
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const isJavaScript = (response: Response) =>
  /javascript/.test(response.headers()['content-type'] ?? '') ||
  response.request().resourceType() === 'script';

const server = await startServer({ LOG_LEVEL: 'error' }, seededDatabase());
const browser = await launchBrowserForBench();
try {
  const page = await (await browser.newContext()).newPage();
  let phase: Loaded[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!isJavaScript(response)) return;
    const into = phase;
    pending.push(
      response.body().then(
        (body) => {
          into.push({
            file: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          });
        },
        // A script still loading once both phases have settled (the browser closes under it) is no one's.
        () => {},
      ),
    );
  });
  const settle = async () => {
    await page.waitForLoadState('networkidle');
    await Promise.all(pending.splice(0));
  };

  const origin = `http://localhost:${server.port}`;
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await settle();
  const login = phase;

  phase = [];
  await submitSignIn(page, 'admin', 'Admin123');
  // Home redirects to the favorite dashboard: wait for its first widget so its lazy renderers count too.
  await page.getByRole('button', { name: 'Account menu' }).filter({ hasText: 'admin' }).waitFor();
  await page.getByRole('article').first().waitFor();
  await settle();
  const home = phase;

  const sum = (files: Loaded[], key: 'raw' | 'gzip') => files.reduce((total, f) => total + f[key], 0);
  const row = (label: string, files: Loaded[]) =>
    `| ${label} | ${files.length} | ${kb(sum(files, 'raw'))} | ${kb(sum(files, 'gzip'))} |`;
  const loginGzipKb = sum(login, 'gzip') / 1000;

  console.log('| JavaScript | files | raw kB | gzip kB (level 9) |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(row('/login', login));
  console.log(row('signing in adds (favorite dashboard)', home));
  console.log(row('total', [...login, ...home]));
  console.log('');
  console.log('| file | loaded for | raw kB | gzip kB |');
  console.log('| --- | --- | ---: | ---: |');
  for (const [label, files] of [
    ['/login', login],
    ['home', home],
  ] as const) {
    for (const f of files) console.log(`| ${f.file} | ${label} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
  }
  console.log('');
  const within = loginGzipKb < LOGIN_BUDGET_KB;
  console.log(
    `Login screen: ${loginGzipKb.toFixed(1)} kB gzip, budget ${LOGIN_BUDGET_KB} kB: ${within ? 'within' : 'OVER'}`,
  );
  endWithGoal(within);
} finally {
  await browser.close();
  await server.stop();
}
