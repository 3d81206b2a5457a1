import { describe, expect, it } from 'vitest';
import { signInAs, tenantUrl } from './support/browser';
import { useBrowserPage } from './support/session';
import { apiRequest } from './support/api';

const primaryColour = () =>
  getComputedStyle(document.documentElement).getPropertyValue('--tenant-primary').trim();

describe('two tenants, two themes', () => {
  const page = useBrowserPage();

  it('shows each tenant its own login logo and colours', async () => {
    await page().goto(tenantUrl('demo', '/login'));
    const demoLogo = page().getByRole('img', { name: /Coldwatch Demo/ });
    await demoLogo.waitFor();
    const demoPrimary = await page().evaluate(primaryColour);

    await page().goto(tenantUrl('acme', '/login'));
    await page()
      .getByRole('img', { name: /ACME Retail/ })
      .waitFor();
    const acmePrimary = await page().evaluate(primaryColour);

    expect(demoPrimary).not.toBe('');
    expect(acmePrimary).not.toBe(demoPrimary);
  });

  it('refuses a demo session on the acme host', async () => {
    await signInAs(page(), 'admin', 'Admin123');
    const token = await page().evaluate(() => localStorage.getItem('api-token'));
    const onDemo = await apiRequest('demo', '/api/v2/account/settings', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onDemo.status).toBe(200);
    const onAcme = await apiRequest('acme', '/api/v2/account/settings', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onAcme.status).toBe(401);
  });

  it('answers an unknown tenant with a clear page', async () => {
    const response = await page().goto(tenantUrl('nowhere', '/login'));
    expect(response?.status()).toBe(404);
    await page()
      .getByText(/nowhere/)
      .waitFor();
  });
});
