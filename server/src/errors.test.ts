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
