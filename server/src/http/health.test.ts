import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { TEST_BACKEND, testDatabaseServer } from '../testing/backends';
import { withConnection } from '../db/client';
import { createReadiness } from './health';

/** An app over an empty database, not yet ready (as main.ts has it while it migrates and seeds). */
async function startingApp() {
  const handle = await TEST_BACKEND.open();
  const readiness = createReadiness(false);
  const logged: { level: number; msg: string }[] = [];
  const app = await buildApp({
    config: { defaultTenant: 'demo', logLevel: 'info' },
    db: handle.db,
    readiness,
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString('utf8')));
        done();
      },
    }),
  });
  return { handle, readiness, app, logged };
}

const ERROR_LEVEL = 50;

describe('readiness', () => {
  it('answers 503 until the database is ready, then 200', async () => {
    const { handle, readiness, app, logged } = await startingApp();
    const starting = await app.inject({ url: '/healthz' });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting' });
    readiness.step('migrating');
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'starting', step: 'migrating' });
    expect((await app.inject({ url: '/api/themes' })).json()).toMatchObject({
      statusCode: 503,
      code: 'STARTING',
    });
    // Saying "starting" is no failure of the server: nothing at error level while it starts.
    expect(logged.filter((line) => line.level >= ERROR_LEVEL)).toEqual([]);
    readiness.markReady();
    const ready = await app.inject({ url: '/healthz', headers: { host: 'unknown.example.com' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    await app.close();
    await handle.dispose();
  });
});

describe('probes', () => {
  it('is alive while starting, ready once started with a database that answers, unready when it stops', async () => {
    const { handle, readiness, app } = await startingApp();
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    const starting = await app.inject({ url: '/readyz' });
    expect([starting.statusCode, starting.json()]).toEqual([503, { status: 'starting' }]);
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(200);

    readiness.markReady();
    expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });

    // The database goes, its connections with it.
    await withConnection(testDatabaseServer().adminUrl, (client) =>
      client.query(`DROP DATABASE ${handle.name} WITH (FORCE)`),
    );
    const down = await app.inject({ url: '/readyz' });
    expect([down.statusCode, down.json()]).toEqual([503, { status: 'database unavailable' }]);
    // Still alive: restarting the process would not bring the database back.
    expect((await app.inject({ url: '/livez' })).statusCode).toBe(200);
    await app.close();
    await handle.close();
  });
});
