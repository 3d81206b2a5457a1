import type { Locator, Page } from 'playwright-core';

/** Chooses `entry` in the account menu and answers the dialog of that name. */
export async function openAccountDialog(page: Page, entry: string, menu: RegExp = /^Account menu/) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: entry }).click();
  return page.getByRole('dialog', { name: entry });
}

/**
 * Opens the account settings dialog from the account menu (its names in the language shown) and waits for its
 * form, which shows once the stored settings and the languages are read.
 */
export async function openAccountSettings(
  page: Page,
  menu: RegExp = /^Account menu/,
  entry = 'Personal settings',
): Promise<Locator> {
  const dialog = await openAccountDialog(page, entry, menu);
  await dialog.getByRole('checkbox').first().waitFor();
  return dialog;
}

/** Saves the dialog's form and waits until the dialog is gone (it closes once the server has the settings). */
export async function saveAccountSettings(dialog: Locator, save = 'Save'): Promise<void> {
  await dialog.getByRole('button', { name: save }).click();
  await dialog.waitFor({ state: 'detached' });
}
