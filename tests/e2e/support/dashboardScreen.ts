import type { Locator, Page } from 'playwright-core';

/** Picks `option` in the Headless UI listbox named `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Creates an empty dashboard titled `title` from the sidebar's prompt, and waits until the screen shows it. */
export async function createDashboard(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  const prompt = page.getByRole('dialog', { name: 'Create dashboard' });
  await prompt.getByRole('textbox', { name: 'Title' }).fill(title);
  await prompt.getByRole('textbox', { name: 'Title' }).press('Enter');
  await page.getByRole('heading', { name: title, exact: true, level: 1 }).waitFor();
}
