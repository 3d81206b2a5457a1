import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DashboardsList } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf, secondInstance, tokenOf, useTestApp } from '../../testing/app';
import { eventually } from '../../testing/wait';

describeEachBackend('the dashboard list, remembered until the database says it changed', (backend) => {
  const ctx = useTestApp(backend);
  let other: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    other = await secondInstance(ctx);
    token = await tokenOf(ctx.app, 'operator', 'Operator123');
  });
  afterAll(() => other.close());

  const call = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const names = async (app: FastifyInstance) =>
    ((await call(app, 'GET', '/api/v2/dashboards/')).json() as DashboardsList).dashboards.map((d) => d.name);
  const renameAll = (to: string) =>
    ctx.handle.db.execute(sql`UPDATE dashboards SET name = ${to} WHERE name LIKE 'Remembered%'`);

  it('shows a save at once on the instance that made it, and soon on the other', async () => {
    await names(ctx.app);
    await names(other);
    const created = await call(ctx.app, 'POST', '/api/v2/dashboards/', { name: 'Remembered one' });
    expect(created.statusCode).toBe(201);
    expect(await names(ctx.app)).toContain('Remembered one');
    await eventually(async () => (await names(other)).includes('Remembered one'), {
      what: 'the other instance listing the new dashboard',
      timeoutMs: 2_000,
    });
  });

  it('shows a change made behind the server (a script, the CLI) on every instance', async () => {
    await names(ctx.app);
    await names(other);
    await renameAll('Remembered two');
    for (const app of [ctx.app, other])
      await eventually(async () => (await names(app)).includes('Remembered two'), {
        what: 'the list showing the renamed dashboard',
        timeoutMs: 2_000,
      });
  });

  it('is remembered: a change nobody announces is not read again until something is', async () => {
    expect(await names(ctx.app)).toContain('Remembered two');
    // A session that fires no triggers: as a change whose announcement was lost.
    await ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(sql`UPDATE dashboards SET name = 'Remembered quietly' WHERE name = 'Remembered two'`);
    });
    expect(await names(ctx.app)).toContain('Remembered two');
    // Any change the user makes forgets the list on the spot.
    await call(ctx.app, 'POST', '/api/v2/dashboards/', { name: 'Remembered three' });
    expect(await names(ctx.app)).toEqual(expect.arrayContaining(['Remembered quietly', 'Remembered three']));
  });
});
