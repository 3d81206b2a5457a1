import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { hostOf, tokenOf } from '../testing/app';
import { until } from '../testing/wait';

const ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `coldwatch_outage_${process.pid}`;

const postgresAnswers = await new Promise<boolean>((resolve) => {
  const probe = connect({ host: '127.0.0.1', port: 5432 });
  probe.once('connect', () => {
    probe.destroy();
    resolve(true);
  });
  probe.once('error', () => resolve(false));
});

async function admin(sql: string) {
  const client = new pg.Client(ADMIN_URL);
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A TCP relay to PostgreSQL that can be cut (open connections dropped, new ones refused) and mended. */
function relay() {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect({ host: '127.0.0.1', port: 5432 });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  return {
    open,
    port: () => port,
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server!.close(() => resolve());
      }),
  };
}

describe.runIf(postgresAnswers)('PostgreSQL refusing connections for a while', () => {
  const link = relay();
  let handle: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    await admin(`create database ${DATABASE}`);
    await link.open();
    handle = createDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${link.port()}/${DATABASE}` });
    await migrate(handle);
    await seedDemo(handle.db, { dashboards: true });
    app = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'silent' },
      db: handle.db,
      logger: false,
      distDir: '/nonexistent-dist',
    });
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await handle.close();
    await admin(`drop database if exists ${DATABASE} with (force)`);
  });

  it('reports unready and answers 503 while it is away, and recovers without a restart', async () => {
    const token = await tokenOf(app, 'admin', 'Admin123');
    const list = () =>
      app.inject({
        url: '/api/v2/dashboards/',
        headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      });
    expect((await list()).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await link.cut();
    const down = await app.inject({ url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'database unavailable' }]);
    const refused = await list();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    expect(refused.headers['retry-after']).toBe('5');
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);

    await link.open();
    await until(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 10_000, 'ready again');
    expect((await list()).statusCode).toBe(200);
  });
});
