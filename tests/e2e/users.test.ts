import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiRequest } from './support/api';
import { signInAs, tenantUrl } from './support/browser';
import { linkMailedTo } from './support/outbox';
import { PAGE_TIMEOUT_MS, useBrowserPage } from './support/session';

const PASSWORD = 'Welcome42x';

/** The user list of the account menu (administrators only). */
async function openUsers(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Users' });
  await dialog.getByRole('table', { name: 'Users of this site' }).waitFor();
  return dialog;
}

const rowOf = (dialog: Locator, username: string) =>
  dialog
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader', { name: username, exact: true }) });

describe('the administrators’ user list', () => {
  const page = useBrowserPage();

  it('creates a user who sets a password from the e-mail and signs in; disabling them ends their session', async () => {
    const username = `e2e-${randomBytes(4).toString('hex')}`;
    const email = `${username}@demo.example`;

    await signInAs(page(), 'admin', 'Admin123');
    let dialog = await openUsers(page());
    await dialog.getByRole('button', { name: 'New user' }).click();
    const form = page().getByRole('dialog', { name: 'New user' });
    await form.getByRole('textbox', { name: 'Username' }).fill(username);
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByRole('button', { name: 'Role' }).click();
    await page().getByRole('option', { name: 'Operator' }).click();
    await form.getByRole('button', { name: 'Create user' }).click();
    dialog = page().getByRole('dialog', { name: 'Users' });
    await rowOf(dialog, username).getByRole('cell', { name: 'Active' }).waitFor();
    await page().getByText(`${username} was created; a setup e-mail went to ${email}`).waitFor();

    // The new user, in a browser of their own: the link from the e-mail, a password, a sign-in.
    const context = await page().context().browser()!.newContext();
    try {
      const userPage = await context.newPage();
      userPage.setDefaultTimeout(PAGE_TIMEOUT_MS);
      const link = await linkMailedTo(email);
      expect(link).toMatch(/^\/setup-password\?token=/);
      await userPage.goto(tenantUrl('demo', link));
      await userPage.getByRole('heading', { name: 'Set your password' }).waitFor();
      await userPage.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await userPage.getByLabel('Confirm password').fill(PASSWORD);
      await userPage.getByRole('button', { name: 'Save' }).click();
      await userPage.getByText('Your password is set. Sign in with it.').waitFor();
      await signInAs(userPage, username, PASSWORD);
      const token = await userPage.evaluate(() => localStorage.getItem('api-token'));
      const settings = () =>
        apiRequest('demo', '/api/v2/account/settings', { headers: { authorization: `Bearer ${token}` } });
      expect((await settings()).status).toBe(200);

      // The administrator disables them, after a confirmation.
      await rowOf(dialog, username)
        .getByRole('button', { name: `Disable ${username}` })
        .click();
      const confirm = page().getByRole('dialog', { name: `Disable ${username}?` });
      await confirm.getByRole('button', { name: 'Disable' }).click();
      await rowOf(dialog, username).getByRole('cell', { name: 'Disabled' }).waitFor();

      // Their next request is refused, the app returns to the login screen, and signing in is refused.
      expect((await settings()).status).toBe(401);
      await userPage.reload();
      await userPage.getByRole('button', { name: 'Sign in' }).waitFor();
      const login = await apiRequest('demo', '/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      expect(login.status).toBe(403);
      expect(JSON.parse(login.body)).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    } finally {
      await context.close();
    }
  });
});
