import type { Page } from 'playwright-core';

/**
 * Holds the page's first `method` request to `url` (a glob) at the browser until `release()`, so a test sees the
 * screen while the request is under way; `arrived` settles once it is held. The request then goes to the server.
 */
export async function holdRequest(page: Page, url: string, method = 'POST') {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const arrived = new Promise<void>((resolve) => (held = resolve));
  let holding = true;
  await page.route(url, async (route) => {
    if (!holding || route.request().method() !== method) return route.fallback();
    holding = false;
    held();
    await released;
    await route.continue();
  });
  return { arrived, release };
}
