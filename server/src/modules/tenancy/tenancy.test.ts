import { describe, expect, it } from 'vitest';
import { describeEachBackend } from '../../testing/backends';
import { useTestApp } from '../../testing/app';
import { tenantNameFromHost } from './host';

describe('tenantNameFromHost', () => {
  it.each([
    ['localhost', 'demo'],
    ['acme.localhost', 'acme'],
    ['ACME.Example.com', 'acme'],
    ['acme.localhost.', 'acme'],
    ['127.0.0.1', 'demo'],
    ['10.1.2.3', 'demo'],
    ['[::1]', 'demo'],
    ['', 'demo'],
  ])('%s → %s', (host, tenant) => {
    expect(tenantNameFromHost(host, 'demo')).toBe(tenant);
  });
});

describeEachBackend('tenancy', (backend) => {
  const ctx = useTestApp(backend);
  const themeName = async (host: string) =>
    (await ctx.app.inject({ url: '/api/themes', headers: { host } })).json().name;

  it('maps bare hosts and IP addresses to the default tenant and subdomains to theirs', async () => {
    expect(await themeName('localhost:8080')).toBe('demo');
    expect(await themeName('127.0.0.1:8080')).toBe('demo');
    expect(await themeName('[::1]:8080')).toBe('demo');
    expect(await themeName('acme.localhost:8080')).toBe('acme');
    expect(await themeName('demo.localhost')).toBe('demo');
  });

  it('answers an unknown tenant with 404 JSON on the API', async () => {
    const response = await ctx.app.inject({ url: '/api/themes', headers: { host: 'foo.localhost:8080' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'TENANT_NOT_FOUND',
      error: 'Not Found',
      message: "No workspace named 'foo' exists here",
    });
  });

  it('answers an unknown tenant with an HTML error page elsewhere', async () => {
    const response = await ctx.app.inject({
      url: '/dashboard/3',
      headers: { host: 'foo.localhost:8080', accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain("No workspace named 'foo' exists here");
  });

  it('escapes the host it repeats', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { host: '<b>.localhost' } });
    expect(response.body).not.toContain('<b>');
  });
});
