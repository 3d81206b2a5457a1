import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser } from './chromium';

/** The address of a tenant on the server the global setup started ('demo' is the bare host). */
export function tenantUrl(tenant: 'demo' | 'acme' | string, path = '/'): string {
  const port = inject('port');
  const host = tenant === 'demo' ? 'localhost' : `${tenant}.localhost`;
  return `http://${host}:${port}${path}`;
}

export async function signIn(page: Page, username: string, password: string, tenant = 'demo'): Promise<void> {
  await page.goto(tenantUrl(tenant, '/login'));
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
