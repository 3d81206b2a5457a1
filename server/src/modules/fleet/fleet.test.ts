import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, FleetRow, FoodSafetyCase } from '#contracts';
import { businessGroups, tenants } from '../../db/schema';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { fleetOnline } from '../../testing/devices';
import { worstFirst } from './worst-first';

const HOUR = 3_600_000;
const ODENSE_CASE = '1C0301';

describeEachBackend('the chain at a glance', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    await fleetOnline(ctx.devices);
  });
  const fleet = async (query = '', who = 'operator') =>
    ctx.app.inject({
      url: `/api/v2/fleet${query}`,
      headers: { host: hostOf(who === 'acme' ? 'acme' : 'demo'), authorization: `Bearer ${tokens[who]}` },
    });
  const stores = async () => (await fleet()).json<Fleet>().stores;

  it('answers a row per store with its devices online of total and the case furthest above its limit', async () => {
    const rows = await stores();
    expect(rows.map((r) => r.name).sort()).toEqual([
      'Store 101 Copenhagen',
      'Store 102 Aarhus',
      'Store 103 Odense',
    ]);
    const odense = rows.find((r) => r.name === 'Store 103 Odense')!;
    expect(odense).toMatchObject({
      devicesOnline: 2,
      devicesTotal: 2,
      activeAlarms: 0,
      timeInLimitsPct: 100,
    });
    const worst = odense.furthestAboveLimit!;
    expect(['1C0301', '1C0302']).toContain(worst.hexacode);
    expect(worst.excess).toBeCloseTo(worst.temperature - worst.limit, 5);
    expect(odense.oldestValueAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(rows.find((r) => r.name === 'Store 101 Copenhagen')).toMatchObject({
      devicesTotal: 7,
      devicesOnline: 7,
    });
  });

  it('holds each case to its food-safety limit: the default of its class, or the one a user stored', async () => {
    const odense = async () => (await stores()).find((r) => r.name === 'Store 103 Odense')!;
    const worst = (await odense()).furthestAboveLimit!;
    const asOperator = { host: hostOf('demo'), authorization: `Bearer ${tokens.operator}` };
    const cases = await ctx.app.inject({
      url: `/api/v2/reports/food-safety/cases?device=${worst.hexacode}`,
      headers: asOperator,
    });
    const judged = cases
      .json<FoodSafetyCase[]>()
      .find((c) => c.department === worst.department && c.subDepartment === worst.subDepartment)!;
    expect(worst.limit).toBe(judged.limit.high);
    const setLimit = (limit: object | null) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v2/reports/food-safety/limits',
        headers: asOperator,
        payload: { hexacode: '1C0302', department: 1, subDepartment: 0, limit },
      });
    const custom = { class: 'custom', line: 'air', high: -50, low: null, graceDegrees: 0, graceMinutes: 0 };
    expect((await setLimit(custom)).statusCode).toBe(204);
    expect((await odense()).furthestAboveLimit).toMatchObject({ hexacode: '1C0302', limit: -50 });
    expect((await setLimit(null)).statusCode).toBe(204);
    expect((await odense()).furthestAboveLimit!.limit).not.toBe(-50);
  });

  it('puts the store in alarm first, and counts its hours out of limits over the day', async () => {
    // The beverage cooler of Odense has been too warm for the last two hours, and still is.
    ctx.app.alarms.store.handle({
      type: 'AlarmChanged',
      tenant: 'demo',
      hexacode: ODENSE_CASE,
      department: 1,
      subDepartment: 0,
      code: 'HIGH_TEMPERATURE',
      raised: true,
      at: ctx.devices.gateway.now() - 2 * HOUR,
    });
    await ctx.app.alarms.flush();
    const [first] = await stores();
    // Two cases in Odense: 48 case-hours, 2 of them out of limits.
    expect(first).toMatchObject({ name: 'Store 103 Odense', activeAlarms: 1, unacknowledgedAlarms: 1 });
    expect(first!.timeInLimitsPct).toBeCloseTo((46 / 48) * 100, 1);
  });

  it('answers one store of the tenant, and no store of another tenant', async () => {
    const [odense] = await ctx.handle.db
      .select()
      .from(businessGroups)
      .where(eq(businessGroups.name, 'Store 103 Odense'));
    const one = await fleet(`?businessGroup=${odense!.hexacode.toLowerCase()}`);
    expect(one.json<Fleet>().stores.map((r) => r.name)).toEqual(['Store 103 Odense']);
    const [acme] = await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'acme'));
    const [acmeStore] = await ctx.handle.db
      .select()
      .from(businessGroups)
      .where(eq(businessGroups.tenantId, acme!.id));
    expect((await fleet(`?businessGroup=${acmeStore!.hexacode}`)).json()).toMatchObject({
      statusCode: 404,
      code: 'STORE_NOT_FOUND',
    });
    expect((await fleet('', 'acme')).json<Fleet>().stores.map((r) => r.name)).not.toContain(
      'Store 103 Odense',
    );
    expect((await fleet('?businessGroup=nothex')).statusCode).toBe(400);
  });
});

describe('worst first', () => {
  const row = (name: string, change: Partial<FleetRow> = {}): FleetRow => ({
    hexacode: name,
    name,
    devicesOnline: 3,
    devicesTotal: 3,
    activeAlarms: 0,
    unacknowledgedAlarms: 0,
    furthestAboveLimit: null,
    timeInLimitsPct: 100,
    oldestValueAgeSeconds: 5,
    ...change,
  });
  const above = (excess: number) => ({
    hexacode: 'X',
    deviceName: 'X',
    department: 1,
    subDepartment: 0,
    temperature: excess,
    limit: 0,
    excess,
  });

  it('orders unacknowledged, active, furthest above its limit, offline devices, time in limits, then name', () => {
    const rows = [
      row('quiet b'),
      row('less time in limits', { timeInLimitsPct: 90 }),
      row('quiet a'),
      row('one offline', { devicesOnline: 2 }),
      row('warm', { furthestAboveLimit: above(2) }),
      row('warmer', { furthestAboveLimit: above(3.5) }),
      row('acknowledged alarm', { activeAlarms: 1 }),
      row('new alarm', { activeAlarms: 1, unacknowledgedAlarms: 1 }),
    ];
    expect(worstFirst(rows).map((r) => r.name)).toEqual([
      'new alarm',
      'acknowledged alarm',
      'warmer',
      'warm',
      'one offline',
      'less time in limits',
      'quiet a',
      'quiet b',
    ]);
  });
});
