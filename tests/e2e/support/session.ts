import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, afterEach } from 'vitest';
import { launchBrowser } from './browser';

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
    page.setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    await context?.close();
  });
  return () => page;
}
