import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend } from '../testing/backends';
import { hostOf, tokenOf, useTestApp } from '../testing/app';

const SCRIPT = `export const rows = [${'"a freezer line",'.repeat(200)}];`;
const HASHED = 'assets/index-Ab12Cd34.js';

/** A built SPA as vite.config.ts leaves it: a hashed script with its brotli and gzip twins. */
function builtSpa(): string {
  const dist = mkdtempSync(join(tmpdir(), 'coldwatch-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    `<!doctype html><title>SPA</title><script src="/${HASHED}"></script>`,
  );
  writeFileSync(join(dist, 'version.json'), '{"buildId":"b1"}');
  writeFileSync(join(dist, HASHED), SCRIPT);
  writeFileSync(join(dist, `${HASHED}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, `${HASHED}.gz`), gzipSync(SCRIPT));
  return dist;
}

describeEachBackend('compression and caching as a browser receives them', (backend) => {
  const ctx = useTestApp(backend, { distDir: builtSpa() });
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { host: hostOf('acme'), ...headers } });
  let token = '';
  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
  });

  it('sends the prebuilt brotli or gzip file of a hashed asset, cached for a year', async () => {
    const br = await get(`/${HASHED}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await get(`/${HASHED}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await get(`/${HASHED}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets a browser keep index.html or version.json, so a release reaches users at once', async () => {
    const page = await get('/dashboard/1', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/version.json')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses a large API answer and leaves a small one as it is', async () => {
    const plain = await get('/api/docs/json', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/docs/json', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);

    // A user's empty dashboard list: a few dozen bytes, cheaper to send than to compress.
    const auth = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
    const small = await get('/api/v2/dashboards/', auth);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
