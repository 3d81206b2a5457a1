import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachBackend } from '../testing/backends';
import { hostOf, useTestApp } from '../testing/app';

function builtSpaWithWorker(): string {
  const dist = mkdtempSync(join(tmpdir(), 'coldwatch-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>SPA</title><link rel="manifest" href="/manifest.webmanifest">',
  );
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
  return dist;
}

describeEachBackend('the service worker as served', (backend) => {
  const ctx = useTestApp(backend, { distDir: builtSpaWithWorker() });
  const get = (url: string, accept = '*/*') =>
    ctx.app.inject({ url, headers: { host: hostOf('acme'), accept } });

  it('serves sw.js as JavaScript that browsers revalidate on every update check', async () => {
    const response = await get('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['service-worker-allowed']).toBe('/');
    expect(response.body).toContain('push');
  });

  it('lets the page register a same-origin worker and read the manifest under its CSP', async () => {
    const csp = String((await get('/', 'text/html')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
  });

  it('keeps the history fallback for page routes and answers a missing worker file with 404, not the page', async () => {
    const page = await get('/ABC123/1/0/pages/0', 'text/html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SPA</title>');
    expect((await get('/no-such-worker.js')).statusCode).toBe(404);
  });
});
