import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Debian's Chromium, headless, with the flags this closed network needs; *.localhost maps to loopback. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}

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
