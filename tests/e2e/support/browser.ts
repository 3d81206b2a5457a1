import { e2eServer } from './e2eServer';
import type { Page } from 'playwright-core';
import { submitSignIn, waitUntilSignedIn } from './signInForm';

export { waitUntilSignedIn };

export { launchBrowser } from './chromium';

/** The address of a tenant on the server the global setup started ('demo' is the bare host). */
export function tenantUrl(tenant: 'demo' | 'acme' | string, path = '/'): string {
  const port = e2eServer().port;
  const host = tenant === 'demo' ? 'localhost' : `${tenant}.localhost`;
  return `http://${host}:${port}${path}`;
}

export async function signIn(page: Page, username: string, password: string, tenant = 'demo'): Promise<void> {
  await page.goto(tenantUrl(tenant, '/login'));
  await submitSignIn(page, username, password);
}

/** Signs `username` in on the login screen of `tenant` and waits until the main layout shows them signed in. */
export async function signInAs(
  page: Page,
  username: string,
  password: string,
  tenant = 'demo',
): Promise<void> {
  await signIn(page, username, password, tenant);
  await waitUntilSignedIn(page, username);
}

/** Home, or the dashboard home redirects to when the user has one selected. */
export const isHome = (url: URL) => /^\/(dashboard\/[\w-]+)?$/.test(url.pathname);
