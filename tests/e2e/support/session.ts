import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach } from 'vitest';
import { launchBrowser } from './browser';

/** How long a step waits for the page: patient enough for a CI machine where two browsers, two servers and the
 * unit tests share two cores. */
export const PAGE_TIMEOUT_MS = 20_000;

/** One browser per file and a fresh context (no storage) per test. */
export function useBrowserPage(): () => Page {
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
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  });
  afterEach(async () => {
    await context?.close();
  });
  return () => page;
}
