import { expect, it } from 'vitest';
import * as v from 'valibot';
import { Theme } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, useTestApp } from '../../testing/app';

describeEachBackend('themes', (backend) => {
  const ctx = useTestApp(backend);
  const get = (url: string, tenant: string) => ctx.app.inject({ url, headers: { host: hostOf(tenant) } });

  it('gives each tenant its own valid theme without a sign-in', async () => {
    const demo = v.parse(Theme, (await get('/api/themes', 'demo')).json());
    const acme = v.parse(Theme, (await get('/api/themes', 'acme')).json());
    expect(demo).toMatchObject({ name: 'demo', title: 'Coldwatch Demo' });
    expect(acme).toMatchObject({ name: 'acme', title: 'ACME Retail' });
    expect(acme.colors.light.primary).not.toBe(demo.colors.light.primary);
    expect(acme.colors.dark.accent).not.toBe(demo.colors.dark.accent);
    expect(acme.manifest).toEqual({ url: '/manifest.webmanifest', theme_color: acme.colors.light.primary });
  });

  it('serves logos and favicon as SVG naming the tenant, through the URLs the theme gives', async () => {
    const theme = v.parse(Theme, (await get('/api/themes', 'acme')).json());
    for (const url of [theme.loginLogo, theme.sidebarLogo]) {
      const acme = await get(url, 'acme');
      expect(acme.statusCode).toBe(200);
      expect(acme.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(acme.body).toContain('ACME Retail');
      expect((await get(url, 'demo')).body).toContain('Coldwatch Demo');
    }
    const favicon = await get(theme.favicon, 'acme');
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(favicon.body).not.toBe((await get(theme.favicon, 'demo')).body);
  });

  it('serves a web manifest per tenant', async () => {
    const response = await get('/manifest.webmanifest', 'acme');
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers.vary).toContain('Host');
    expect(JSON.parse(response.body)).toMatchObject({
      name: 'ACME Retail',
      short_name: 'ACME Retail',
      start_url: '/',
      display: 'standalone',
      theme_color: '#c2410c',
      icons: [
        { src: '/favicon.svg', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icons/maskable.svg', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    });
  });
});
