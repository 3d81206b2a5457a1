import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { hostOf, tokenOf } from '../testing/app';
import { TEST_BACKEND, type TestDatabase } from '../testing/backends';
import { startTcpProxy, type TcpProxy } from '../testing/tcpProxy';
import { eventually } from '../testing/wait';

/**
 * A call that reads the database every time: the dashboard list is remembered between changes, so it may answer
 * from memory while the database is silent (docs/decisions, "The dashboard list is remembered ...").
 */
const ACCOUNT_SETTINGS = '/api/v2/account/settings';

/** The seeded test database and an app on it through a TCP proxy that the tests break and mend. */
function appThroughProxy() {
  const context = {} as { proxy: TcpProxy; app: FastifyInstance; token: string };
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await TEST_BACKEND.openSeeded('dashboards');
    context.proxy = await startTcpProxy(Number(new URL(database.url).port));
    handle = createDatabase(context.proxy.through(database.url));
    context.app = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'silent' },
      db: handle.db,
      logger: false,
      distDir: '/nonexistent-dist',
    });
    context.token = await tokenOf(context.app, 'admin', 'Admin123');
  });
  afterAll(async () => {
    await context.app.close();
    await context.proxy.close();
    await handle.close();
    await database.dispose();
  });
  return context;
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
};

describe('PostgreSQL refusing connections for a while', () => {
  const ctx = appThroughProxy();
  const list = () =>
    ctx.app.inject({
      url: ACCOUNT_SETTINGS,
      headers: { host: hostOf('demo'), authorization: `Bearer ${ctx.token}` },
    });

  it('reports unready and answers 503 while it is away, and recovers without a restart', async () => {
    expect((await list()).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await ctx.proxy.cut();
    const down = await ctx.app.inject({ url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'database unavailable' }]);
    const refused = await list();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await ctx.app.inject({ url: '/livez' })).statusCode).toBe(200);

    await ctx.proxy.open();
    await eventually(async () => (await ctx.app.inject({ url: '/readyz' })).statusCode === 200, {
      what: 'ready again',
    });
    expect((await list()).statusCode).toBe(200);
  });
});

describe('PostgreSQL gone silent (a partition), then answering new connections only', () => {
  const ctx = appThroughProxy();
  const headers = (token: string) => ({ host: hostOf('demo'), authorization: `Bearer ${token}` });
  /** More calls at once than the pool has connections, a bad token's among them. */
  const burst = () =>
    Promise.all([
      ...Array.from({ length: 14 }, () =>
        ctx.app.inject({ url: ACCOUNT_SETTINGS, headers: headers(ctx.token) }),
      ),
      ctx.app.inject({ url: ACCOUNT_SETTINGS, headers: headers('not-a-token') }),
    ]);

  it('answers 503 within 5 s while it is silent, and works again within 10 s of it answering, without a restart', async () => {
    // Connections in the pool and the LISTEN connection open, as on a server that has been running.
    const before = await burst();
    expect(before.map((r) => r.statusCode)).toEqual([...Array<number>(14).fill(200), 401]);

    ctx.proxy.swallow();
    const silent = await timed(burst);
    expect(silent.ms).toBeLessThan(5_000);
    for (const response of silent.result) {
      expect([response.statusCode, response.json().code, response.headers['retry-after']]).toEqual([
        503,
        'DATABASE_UNAVAILABLE',
        '5',
      ]);
    }
    const unready = await timed(() => ctx.app.inject({ url: '/readyz' }));
    expect([unready.result.statusCode, unready.ms < 5_000]).toEqual([503, true]);
    expect((await ctx.app.inject({ url: '/livez' })).statusCode).toBe(200);

    // Only new connections get through: every connection opened before stays silent.
    ctx.proxy.heal();
    const healed = Date.now();
    await eventually(async () => (await burst()).every((r, i) => r.statusCode === (i < 14 ? 200 : 401)), {
      what: 'every call answered again',
    });
    expect(Date.now() - healed).toBeLessThan(10_000);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
