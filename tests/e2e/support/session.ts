import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, afterEach } from 'vitest';
import { launchBrowser } from './browser';

/** Where a failed test leaves a picture of the page, to tell a slow machine from a broken screen. */
const FAILURE_SHOTS = join('test-results', 'failures');

/** How long a step waits for the page: patient enough for a CI machine where two browsers, two servers and the
 * unit tests share two cores. */
export const PAGE_TIMEOUT_MS = 20_000;

/** One browser per file and a fresh context (no storage) per test, made with `options`. */
export function useBrowserPage(options: BrowserContextOptions = {}): () => Page {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext(options);
    page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const file = `${task.name.replace(/[^\w-]+/g, '-').slice(0, 80)}.png`;
      await page.screenshot({ path: join(FAILURE_SHOTS, file), fullPage: true }).catch(() => undefined);
      // The CI log is all a failed stop leaves: print what a screen reader would have found on the page.
      const outline = await page
        .locator('body')
        .ariaSnapshot({ timeout: 2_000 })
        .catch(() => 'not readable');
      console.error(`The page when "${task.name}" failed:\n${outline}`);
    }
    await context?.close();
  });
  return () => page;
}
