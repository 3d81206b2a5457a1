import { describe, expect, it } from 'vitest';
import { isHome, signIn, signInAs, tenantUrl } from './support/browser';
import { linkMailedTo } from './support/outbox';
import { useBrowserPage } from './support/session';

const ADDRESS = 'admin@demo.example';

describe('password recovery, from the login screen to the e-mail and back', () => {
  const page = useBrowserPage();

  it('mails a link that sets a new password once; the old one stops working', async () => {
    await page().goto(tenantUrl('demo', '/login'));
    await page().getByRole('link', { name: 'Forgot password?' }).click();
    await page().getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page().getByLabel('E-mail').fill(ADDRESS);
    await page().getByRole('button', { name: 'Send' }).click();
    await page().getByRole('status').getByText(ADDRESS).waitFor();

    const link = await linkMailedTo(ADDRESS);
    expect(link).toMatch(/^\/recover-password\?token=/);
    await page().goto(tenantUrl('demo', link));
    await page().getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page().getByText('Account: admin').waitFor();
    await page().getByLabel('New password', { exact: true }).fill('Recovered42');
    await page().getByLabel('Confirm password').fill('Recovered42');
    await page().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Your password is set. Sign in with it.').waitFor();

    // The link worked once.
    await page().goto(tenantUrl('demo', link));
    await page().getByText('Recovery token is invalid or expired').waitFor();

    await signIn(page(), 'admin', 'Admin123');
    await page().getByText('Invalid credentials').waitFor();
    await signInAs(page(), 'admin', 'Recovered42');
    expect(isHome(new URL(page().url()))).toBe(true);
  });
});
