import { expect, it } from 'vitest';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, useTestApp } from '../../testing/app';

describeEachBackend('installable app per tenant', (backend) => {
  const ctx = useTestApp(backend);
  const get = (url: string, tenant: string) => ctx.app.inject({ url, headers: { host: hostOf(tenant) } });
  const manifestOf = async (tenant: string) => JSON.parse((await get('/manifest.webmanifest', tenant)).body);

  it("names each tenant's app in its own colours", async () => {
    const [demo, acme] = [await manifestOf('demo'), await manifestOf('acme')];
    expect(demo).toMatchObject({
      name: 'Coldwatch Demo',
      theme_color: '#1d4ed8',
      background_color: '#0f172a',
    });
    expect(acme).toMatchObject({ name: 'ACME Retail', theme_color: '#c2410c', background_color: '#1c1917' });
    expect(acme).toMatchObject({ id: '/', scope: '/', start_url: '/', display: 'standalone' });
  });

  it('serves every icon the manifest lists, as SVG of that tenant', async () => {
    for (const tenant of ['demo', 'acme']) {
      const { icons } = await manifestOf(tenant);
      expect(icons.map((icon: { purpose: string }) => icon.purpose)).toEqual(['any', 'maskable']);
      for (const icon of icons) {
        const response = await get(icon.src, tenant);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(response.headers.vary).toContain('Host');
        expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      }
    }
  });

  it('pads the maskable icon on the tenant background around its favicon', async () => {
    const favicon = (await get('/favicon.svg', 'acme')).body;
    const maskable = (await get('/icons/maskable.svg', 'acme')).body;
    expect(maskable).toContain('fill="#1c1917"');
    const embedded = /href="data:image\/svg\+xml;base64,([^"]+)"/.exec(maskable)?.[1] ?? '';
    expect(Buffer.from(embedded, 'base64').toString()).toBe(favicon);
    expect(maskable).not.toBe((await get('/icons/maskable.svg', 'demo')).body);
  });
});
