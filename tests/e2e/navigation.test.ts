import { describe, expect, it } from 'vitest';
import { isHome, signInAs, tenantUrl, waitUntilSignedIn } from './support/browser';
import { useBrowserPage } from './support/session';

const pathOf = (url: string) => new URL(url).pathname;

describe('guards, 404 and logout', () => {
  const page = useBrowserPage();

  it('sends a visitor without a session from home to login', async () => {
    await page().goto(tenantUrl('demo', '/'));
    await page().waitForURL((url) => url.pathname === '/login');
    await page().getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('sends a signed-in user from login back home', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    await page().goto(tenantUrl('demo', '/login'));
    await page().waitForURL(isHome);
    await waitUntilSignedIn(page(), 'admin');
  });

  it('shows the 404 page with its message and a link home', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    await page().goto(tenantUrl('demo', '/no/such/place?message=Device%20is%20not%20found'));
    await page().getByText('The page you were looking for does not exist').waitFor();
    await page().getByText('Device is not found').waitFor();
    await page().getByRole('link', { name: 'Back to home' }).click();
    await page().waitForURL(isHome);
  });

  it('logs out from the account menu and forgets the session', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    await page().getByRole('button', { name: 'Account menu' }).click();
    await page().getByRole('menuitem', { name: 'Logout' }).click();
    await page().waitForURL((url) => url.pathname === '/login');
    expect(await page().evaluate(() => localStorage.getItem('web-current-user'))).toBeNull();
    await page().goto(tenantUrl('demo', '/'));
    await page().waitForURL((url) => url.pathname === '/login');
    expect(pathOf(page().url())).toBe('/login');
  });
});
