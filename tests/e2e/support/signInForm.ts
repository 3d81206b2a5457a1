import type { Page } from 'playwright-core';

/** Fills and submits the login form the page shows (end-to-end tests and benchmarks alike). */
export async function submitSignIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Waits until the main layout shows `username` signed in (the account menu carries the name). */
export async function waitUntilSignedIn(page: Page, username: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).filter({ hasText: username }).waitFor();
}
