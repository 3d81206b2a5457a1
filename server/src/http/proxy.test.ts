import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_BACKEND } from '../testing/backends';
import { hostOf, useTestApp } from '../testing/app';

/** What the proxy in front of the server adds, for a browser at 203.0.113.7 on acme's address. */
const forwarded = {
  host: 'localhost:8080',
  'x-forwarded-for': '203.0.113.7',
  'x-forwarded-host': 'acme.localhost:8080',
  'x-forwarded-proto': 'https',
  'x-request-id': 'proxy-42',
};

describe('behind a reverse proxy', () => {
  const ctx = useTestApp(TEST_BACKEND);
  const lines: string[] = [];
  let trusting: FastifyInstance;
  beforeAll(async () => {
    trusting = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'info', trustProxy: '127.0.0.1' },
      db: ctx.handle.db,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
      distDir: '/nonexistent-dist',
    });
  });
  afterAll(() => trusting.close());
  const theme = async (app: FastifyInstance, headers: Record<string, string>) =>
    (await app.inject({ url: '/api/themes', headers })).json();

  it("takes the tenant from a trusted proxy's X-Forwarded-Host, and ignores it without TRUST_PROXY", async () => {
    const acme = await theme(ctx.app, { host: hostOf('acme') });
    const demo = await theme(ctx.app, { host: hostOf('demo') });
    expect(acme).not.toEqual(demo);
    expect(await theme(trusting, forwarded)).toEqual(acme);
    expect(await theme(ctx.app, forwarded)).toEqual(demo);
  });

  it("logs the client's address and keeps the proxy's request id, which the answer carries", async () => {
    const headers = { ...forwarded, 'x-request-id': 'proxy-43' };
    const answer = await trusting.inject({ url: '/api/themes', headers });
    expect(answer.headers['x-request-id']).toBe('proxy-43');
    const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.reqId === 'proxy-43');
    expect(line).toMatchObject({ msg: 'request completed', req: { remoteAddress: '203.0.113.7' } });
    // One line a request: Fastify's "incoming request" line is off.
    expect(lines.filter((text) => text.includes('proxy-43'))).toHaveLength(1);
  });

  it('gives every request its own id when no trusted proxy names one', async () => {
    const ids = await Promise.all(
      [1, 2].map(async () => (await ctx.app.inject({ url: '/api/themes', headers: forwarded })).headers),
    );
    for (const headers of ids) expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]!['x-request-id']).not.toBe(ids[1]!['x-request-id']);
  });
});
