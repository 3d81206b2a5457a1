import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler, UNSTORABLE_VALUE } from './errors';

describe('error handler', () => {
  it('answers 400 to a PostgreSQL data exception behind a wrapper, 500 to anything else', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const pgError = (code: string) =>
      Object.assign(new Error('value out of range for type integer'), { code });
    app.get('/range', async () => {
      throw new Error('Failed query: update …', { cause: pgError('22003') });
    });
    app.get('/index-row', async () => {
      throw new Error('Failed query: insert …', { cause: pgError('54000') });
    });
    app.get('/unique', async () => {
      throw new Error('Failed query: insert …', { cause: pgError('23505') });
    });
    const range = await app.inject({ url: '/range' });
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ code: UNSTORABLE_VALUE });
    expect((await app.inject({ url: '/index-row' })).json()).toMatchObject({ code: UNSTORABLE_VALUE });
    const unique = await app.inject({ url: '/unique' });
    expect(unique.statusCode).toBe(500);
    expect(unique.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    await app.close();
  });
});

describe('database outages', () => {
  const failing = (error: Error) => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/', async () => {
      throw new Error('Failed query: select …', { cause: error });
    });
    return app;
  };
  const pgError = (code: string, message = 'the database said no') =>
    Object.assign(new Error(message), { code });

  it.each([
    ['too many clients', pgError('53300', 'sorry, too many clients already')],
    ['out of disk space', pgError('53100')],
    ['a connection failure', pgError('08006')],
    ['an administrator shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['a database starting up', pgError('57P03', 'the database system is starting up')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a silent connection', new Error('Connection terminated unexpectedly')],
    ['a lost answer', new Error('Query read timeout')],
  ])('answers 503 DATABASE_UNAVAILABLE with Retry-After, never 500, to %s', async (_what, error) => {
    const app = failing(error);
    const response = await app.inject({ url: '/' });
    expect([response.statusCode, response.json().code, response.headers['retry-after']]).toEqual([
      503,
      'DATABASE_UNAVAILABLE',
      '5',
    ]);
    await app.close();
  });

  it('keeps other query errors 500', async () => {
    const app = failing(pgError('42P01', 'relation does not exist'));
    expect((await app.inject({ url: '/' })).statusCode).toBe(500);
    await app.close();
  });
});
