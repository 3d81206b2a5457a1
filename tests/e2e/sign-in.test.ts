import { describe, expect, it } from 'vitest';
import { totpAt } from '../../server/src/modules/auth/totp';
import { isHome, signIn, signInAs, tenantUrl, waitUntilSignedIn } from './support/browser';
import { apiClient } from './support/dashboardApi';
import { waitForFocus } from './support/focus';
import { holdRequest } from './support/heldRequest';
import { useBrowserPage } from './support/session';

describe('signing in', () => {
  const page = useBrowserPage();

  it('lands on the home screen with the username after a correct password', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    expect(isHome(new URL(page().url()))).toBe(true);
  });

  it('says the credentials are invalid for a wrong password and stays on login', async () => {
    await signIn(page(), 'admin', 'wrong-password');
    await page().getByText('Invalid credentials').waitFor();
    expect(new URL(page().url()).pathname).toBe('/login');
  });

  it('keeps a keyboard user in the form while signing in, and on Sign in again after a refusal', async () => {
    await page().goto(tenantUrl('demo', '/login'));
    await page().getByRole('textbox', { name: 'Username' }).fill('admin');
    await page().getByLabel('Password', { exact: true }).fill('wrong-password');
    const signInButton = page().getByRole('button', { name: 'Sign in' });
    const login = await holdRequest(page(), '**/api/login');
    await signInButton.press('Enter');
    await login.arrived;
    // Under way the button is disabled, which the browser's focus cannot stay on: the form holds it.
    await waitForFocus(page().locator('form'), true);
    expect(await signInButton.isDisabled()).toBe(true);
    login.release();
    await page().getByText('Invalid credentials').waitFor();
    await waitForFocus(signInButton);
  });

  it('locks the user on the fifth failure and then refuses even the right password', async () => {
    // acme's operator is locked for the rest of this run: no other test signs in with it.
    for (let attempt = 0; attempt < 4; attempt++) {
      await signIn(page(), 'operator', `wrong-${attempt}`, 'acme');
      await page().getByText('Invalid credentials').waitFor();
    }
    await signIn(page(), 'operator', 'wrong-4', 'acme');
    await page()
      .getByText(/^Too many failed sign-in attempts\. Try again in 15 minutes/)
      .waitFor();
    await signIn(page(), 'operator', 'Operator123', 'acme');
    await page()
      .getByText(/^Too many failed sign-in attempts\. Try again in \d+ minutes?/)
      .waitFor();
    expect(new URL(page().url()).pathname).toBe('/login');
  });

  it('says an account an administrator disabled is disabled, to whoever knows its password', async () => {
    const admin = await apiClient('acme', 'admin', 'Admin123');
    const users = await admin.call<{ id: string; username: string }[]>('GET', '/api/v2/admin/users');
    const secure = users.find((user) => user.username === 'secure')!;
    await admin.call('POST', `/api/v2/admin/users/${secure.id}/disable`);
    await signIn(page(), 'secure', 'Secure123', 'acme');
    await page().getByText('This account is disabled').waitFor();
    expect(new URL(page().url()).pathname).toBe('/login');
    // A wrong password learns nothing of it.
    await signIn(page(), 'secure', 'wrong-password', 'acme');
    await page().getByText('Invalid credentials').waitFor();
  });

  it('asks for the security code of a two-factor user and refuses a wrong one', async () => {
    await signIn(page(), 'secure', 'Secure123');
    const code = page().getByRole('textbox', { name: 'Security code' });
    await code.waitFor();
    await code.fill('000000');
    await page().getByRole('button', { name: 'Verify' }).click();
    await page()
      .getByText(/invalid MFA code/i)
      .waitFor();
    expect(new URL(page().url()).pathname).toBe('/login');
  });

  it('signs a two-factor user in with the right code', async () => {
    await signIn(page(), 'secure', 'Secure123');
    const code = page().getByRole('textbox', { name: 'Security code' });
    await code.fill(await totpAt('JBSWY3DPEHPK3PXP', new Date()));
    await page().getByRole('button', { name: 'Verify' }).click();
    await waitUntilSignedIn(page(), 'secure');
  });

  it('keeps the session across a reload', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    await page().reload();
    await waitUntilSignedIn(page(), 'admin');
  });

  it("reads the login screen in the language picked, then the user's own after signing in", async () => {
    await page().goto(tenantUrl('demo', '/login'));
    await page().getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
    await page().getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page().locator('html').getAttribute('lang')).toBe('de');
    await page().getByRole('textbox', { name: 'Benutzername' }).fill('operator');
    await page().getByLabel('Passwort', { exact: true }).fill('Operator123');
    await page().getByRole('button', { name: 'Anmelden' }).click();
    // operator reads English: the visitor's pick ends with the sign-in.
    await waitUntilSignedIn(page(), 'operator');
    expect(await page().locator('html').getAttribute('lang')).toBe('en');
  });

  it('shows the login screen on /unauthorized', async () => {
    await page().goto(tenantUrl('demo', '/unauthorized'));
    await page().getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
