import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachBackend, TEST_BACKEND } from '../testing/backends';
import {
  callsAs,
  expectValidationFailed,
  hostOf,
  tokenOf,
  useTestApp,
  type TestContext,
} from '../testing/app';

function builtSpa(): string {
  const dist = mkdtempSync(join(tmpdir(), 'coldwatch-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>SPA</title><script src="/assets/app-1a2b.js"></script>',
  );
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), 'console.log(1)');
  return dist;
}

/** GET `url` from `tenant`'s host as a browser asks for a page (Accept: text/html). */
const browse = (ctx: TestContext, tenant: string, url: string) =>
  ctx.app.inject({ url, headers: { host: hostOf(tenant), accept: 'text/html' } });

describeEachBackend('HTTP behaviour', (backend) => {
  const ctx = useTestApp(backend, { distDir: builtSpa() });
  const post = (payload: string, contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: hostOf('demo'), 'content-type': contentType },
      payload,
    });

  it('answers 413 to a body over 1 MB', async () => {
    const response = await post(JSON.stringify({ username: 'a', password: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'Payload Too Large',
    });
  });

  it('answers 400 to malformed JSON and 415 to an unsupported media type', async () => {
    const malformed = await post('{"username": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'MALFORMED_JSON', error: 'Bad Request' });
    const unsupported = await post('username=a', 'application/x-www-form-urlencoded');
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('names the field of a body that breaks the contract', async () => {
    for (const [payload, message] of [
      ['{"password":"x"}', 'username: Username is required'],
      ['{"username":"a","password":"x","rememberMe":"yes"}', 'rememberMe: '],
      ['[]', 'username: Username is required'],
      ['null', 'Invalid type'],
    ]) {
      expectValidationFailed(await post(payload!), message!);
    }
  });

  it('names a query key given twice rather than calling it missing', async () => {
    const call = callsAs(ctx, { admin: await tokenOf(ctx.app, 'admin', 'Admin123') });
    const twice = '/api/v2/audit?from=2026-01-01T00:00:00Z&limit=10&from=2026-01-02T00:00:00Z';
    expectValidationFailed(await call('GET', twice, 'admin'), 'from: give from once');
  });

  it('answers 400 naming the field to text and numbers PostgreSQL would refuse or change', async () => {
    const token = await tokenOf(ctx.app, 'admin', 'Admin123');
    const send = (url: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          host: hostOf('demo'),
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
        },
        payload,
      });
    for (const [url, payload, message] of [
      ['/api/login', '{"username":"a\\u0000b","password":"x"}', 'username: '],
      ['/api/login', '{"username":"a\\ud800b","password":"x"}', 'username: '],
      ['/api/v2/dashboards/', '{"name":"a\\u0000b"}', 'name: '],
      ['/api/v2/dashboards/', '{"name":"a\\udc00"}', 'name: '],
      ['/api/v2/dashboards/', '{"name":"ok","order":99999999999}', 'order: '],
      ['/api/v2/dashboards/groups', '{"name":"g","dashboardsData":["\\u0000"]}', 'dashboardsData.0: '],
      [
        '/api/v2/dashboards/update-sorting-settings',
        '{"sortData":{"a\\u0000":{"order":1}},"sortMode":"NAME","sortDirection":"ASC"}',
        'sortData: ',
      ],
    ] as const) {
      const response = await send(url, payload);
      expect(response.statusCode, `${url} ${payload}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().message).toContain(message);
    }
    // A long name for an indexed column, a body nested thousands deep: refused, not a crash of the database or the stack.
    const incompressible = randomBytes(3000).toString('base64');
    const long = await send('/api/login', JSON.stringify({ username: incompressible, password: 'x' }));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/^username: /);
    const deep = await send('/api/login', `${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(deep.statusCode).toBe(400);
    // A pair of surrogates is one character: accepted and kept.
    const emoji = await send('/api/v2/dashboards/', '{"name":"Frost \\ud83e\\uddca"}');
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().name).toBe('Frost 🧊');
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const response = await browse(ctx, 'demo', '/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No route GET /api/nothing' });
  });

  it('serves the SPA with history fallback, long-cached assets and a strict CSP', async () => {
    const page = await browse(ctx, 'acme', '/dashboard/7');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>SPA</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    // Fetches and WebSockets go to this origin only ('self' covers ws: and wss: of the same host).
    expect(csp).toContain("connect-src 'self';");

    const asset = await ctx.app.inject({ url: '/assets/app-1a2b.js', headers: { host: hostOf('demo') } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await ctx.app.inject({ url: '/assets/missing.js', headers: { host: hostOf('demo') } })).statusCode,
    ).toBe(404);
  });

  it('publishes the OpenAPI document made from the contracts', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const loginBody = document.paths['/api/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(['username', 'password']);
    expect(document.paths['/api/v2/account/settings'].get).toBeDefined();
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('without a built SPA', () => {
  const ctx = useTestApp(TEST_BACKEND);

  it('tells how to build it instead of failing', async () => {
    const response = await browse(ctx, 'demo', '/');
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});
