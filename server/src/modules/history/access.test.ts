import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { tenants, users } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { signInAll, tokenOf, useTestApp } from '../../testing/app';
import { insertUser } from '../../testing/users';
import type { HistoryResult } from '#contracts';
import { insertBuffer, queryHistory, seriesOf } from './testing';

const FROM = '2026-01-14T00:00:00Z';
const TO = '2026-01-15T00:00:00Z';

describeEachBackend('history query: permissions and bad input', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  const ask = (who: string, body: Record<string, unknown>) =>
    queryHistory(ctx.app, tokens[who]!, { from: FROM, to: TO, ...body }, who === 'acme' ? 'acme' : 'demo');
  const statuses = async (who: string, series: object[]) => {
    const response = await ask(who, { series });
    expect(response.statusCode).toBe(200);
    return (response.json() as HistoryResult).series.map((s) => [s.status, s.name]);
  };

  beforeAll(async () => {
    const [demo] = await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'demo'));
    await insertUser(ctx.handle.db, {
      username: 'nodevices',
      password: 'Nodevices1',
      authorities: [{ authority: 'GRANT_DASHBOARDS', type: 'WRITE' }],
    });
    // The operator's own PC numbers, as an administrator would set them.
    await ctx.handle.db
      .update(users)
      .set({ settings: { pcNumbers: [1, 5], defaultPcNumber: 1 } })
      .where(and(eq(users.tenantId, demo!.id), eq(users.username, 'operator')));
    await signInAll(ctx.app, tokens, { admin: 'Admin123', operator: 'Operator123', nodevices: 'Nodevices1' });
    tokens.acme = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    for (const pcNumber of [5, 7]) {
      await insertBuffer(ctx.handle.db, {
        hexacode: '1A0102',
        pcNumber,
        intervalSeconds: 300,
        startAt: new Date(FROM),
      });
    }
  });

  it('needs a session and the DEVICES grant', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/history/query',
      headers: { host: 'localhost:8080' },
      payload: { series: [seriesOf('1A0102')], from: FROM, to: TO },
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await ask('nodevices', { series: [seriesOf('1A0102')] });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    [{ to: FROM, from: TO }, 'to: To value must be after From'],
    [{ from: '2024-01-01T00:00:00Z' }, 'to: The range may be at most 400 days'],
    [{ from: 'yesterday' }, 'from: From is invalid'],
    [{ from: '2025-02-29T00:00:00Z' }, 'from: From is invalid'],
    [{ maxPoints: 1 }, 'maxPoints'],
    [{ maxPoints: 2001 }, 'maxPoints'],
    [{ series: [] }, 'series: series needs at least one element'],
    [
      { series: [seriesOf('1A0102', { pcNumber: 100 })] },
      'series.0.pcNumber: PC number must be between 1 and 99',
    ],
    [{ series: [seriesOf('1A0102', { hexacode: 'XYZ' })] }, 'series.0.hexacode: hexacode is invalid'],
  ])('answers %o with a 400 naming the field', async (body, message) => {
    const response = await ask('admin', { series: [seriesOf('1A0102')], ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().message).toContain(message);
  });

  it('refuses a PC number the user may not use, naming the series', async () => {
    const response = await ask('operator', {
      series: [seriesOf('1A0102', { pcNumber: 5 }), seriesOf('1A0102', { pcNumber: 7 })],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'PC_NUMBER_NOT_ALLOWED',
      message: 'series.1.pcNumber: PC number 7 is not one of yours',
    });
    // Their own PC numbers, and any for a user with APPLY_ACL at WRITE.
    expect(await statuses('operator', [seriesOf('1A0102', { pcNumber: 5 })])).toEqual([
      ['OK', 'Air temperature'],
    ]);
    expect(await statuses('admin', [seriesOf('1A0102', { pcNumber: 7 })])).toEqual([
      ['OK', 'Air temperature'],
    ]);
  });

  it('says per series what is missing: buffer, line or device, another tenant included', async () => {
    expect(
      await statuses('admin', [
        seriesOf('1A0102', { pcNumber: 9 }),
        seriesOf('1A0102', { line: 99 }),
        seriesOf('ABCDEF'),
        seriesOf('3E0001'),
        seriesOf('1a0102', { pcNumber: 5 }),
      ]),
    ).toEqual([
      ['BUFFER_NOT_PRESENT', 'Air temperature'],
      ['LINE_NOT_PRESENT', null],
      ['DEVICE_NOT_FOUND', null],
      ['DEVICE_NOT_FOUND', null],
      ['OK', 'Air temperature'],
    ]);
    // acme's administrator cannot read demo's buffer of the same address.
    expect(await statuses('acme', [seriesOf('1A0102', { pcNumber: 5 })])).toEqual([
      ['DEVICE_NOT_FOUND', null],
    ]);
    const missing = await ask('admin', { series: [seriesOf('1A0102', { pcNumber: 9 })] });
    expect((missing.json() as HistoryResult).series[0]).toMatchObject({
      interval: null,
      points: { t: [], avg: [], min: [], max: [] },
      stats: { min: null, max: null, avg: null },
      compare: null,
    });
  });
});
