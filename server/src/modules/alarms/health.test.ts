import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AlarmHealth } from '#contracts';
import { alarmOccurrences, alarmShelvings, tenants } from '../../db/schema';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';

/**
 * The alarm health figures against a day counted by hand (1 March 2020, before any seeded history): a flood of 12
 * alarms in under 4 minutes, a door alarm raised 4 times (3 of them within 10 minutes), two standing alarms raised
 * before the day, an alarm open 23 hours (not standing), a sensor fault, and 2 suppressed occurrences. Shelved in
 * the day 3 times (a standing alarm at 02:00, a door alarm at 12:00:10, the sensor fault at 20:01); not counted: a
 * shelving begun the evening before, one begun at the next midnight, and another tenant's.
 */
const DAY = '2020-03-01';
const at = (time: string) => new Date(`${DAY}T${time}Z`);
const MINUTE = 60_000;

describeEachBackend('alarm health', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  let admin: string;
  let operator: string;

  beforeAll(async () => {
    admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    const [demo] = await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'demo'));
    const [acme] = await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'acme'));
    const row = (
      hexacode: string,
      department: number,
      code: string,
      raisedAt: Date,
      clearedAt: Date | null,
    ) => ({
      tenantId: demo!.id,
      hexacode,
      deviceName: `Case ${hexacode}`,
      department,
      subDepartment: 0,
      code,
      raisedAt,
      clearedAt,
    });
    const flood = Array.from({ length: 12 }, (_, i) => {
      const raised = new Date(at('08:00:00').getTime() + i * 20_000);
      return row('F00001', i + 1, 'HIGH_TEMPERATURE', raised, new Date(raised.getTime() + MINUTE));
    });
    const door = ['12:00', '12:03', '12:06', '15:00'].map((time) =>
      row('C00001', 1, 'DOOR_OPEN', at(`${time}:00`), at(`${time}:30`)),
    );
    const [standing, open, doorAtNoon, sensor] = await ctx.handle.db
      .insert(alarmOccurrences)
      .values([
        row('C00001', 2, 'LOW_TEMPERATURE', new Date('2020-02-28T00:00:00Z'), null),
        row('C00001', 4, 'LOW_TEMPERATURE', at('01:00:00'), null),
        door[0]!,
        row('C00001', 5, 'SENSOR_FAULT', at('20:00:00'), at('20:05:00')),
      ])
      .returning({ id: alarmOccurrences.id });
    const [acmeAlarm] = await ctx.handle.db
      .insert(alarmOccurrences)
      .values({ ...row('3E0001', 1, 'HIGH_SUCTION', at('11:00:00'), at('11:30:00')), tenantId: acme!.id })
      .returning({ id: alarmOccurrences.id });
    const shelving = (occurrenceId: string, from: Date, until: Date, endedAt: Date | null = until) => ({
      tenantId: demo!.id,
      occurrenceId,
      by: 'operator',
      at: from,
      until,
      reason: 'Being worked on',
      endedAt,
    });
    await ctx.handle.db
      .insert(alarmShelvings)
      .values([
        shelving(standing!.id, new Date('2020-02-29T22:00:00Z'), at('01:00:00')),
        shelving(standing!.id, at('02:00:00'), at('06:00:00')),
        shelving(doorAtNoon!.id, at('12:00:10'), at('12:30:10'), at('12:00:30')),
        shelving(sensor!.id, at('20:01:00'), at('21:01:00'), at('20:05:00')),
        shelving(open!.id, new Date('2020-03-02T00:00:00Z'), new Date('2020-03-02T04:00:00Z'), null),
        { ...shelving(acmeAlarm!.id, at('11:05:00'), at('11:35:00')), tenantId: acme!.id },
      ]);
    await ctx.handle.db.insert(alarmOccurrences).values([
      ...flood.concat(door.slice(1)),
      row('C00001', 3, 'HIGH_TEMPERATURE', new Date('2020-02-28T20:00:00Z'), at('03:00:00')),
      {
        ...row('C00001', 6, 'HIGH_TEMPERATURE', at('09:00:00'), at('09:05:00')),
        announced: false,
        suppression: 'DEFROST' as const,
      },
      {
        ...row('C00001', 6, 'DOOR_OPEN', at('10:00:00'), at('10:00:30')),
        announced: false,
        suppression: 'DELAY' as const,
      },
    ]);
  });

  const health = (query: string, token = admin) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v2/alarms/health?${query}`,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
    });

  it('counts the day as EEMUA 191 asks', async () => {
    const response = await health(`from=${DAY}T00:00:00.000Z&to=2020-03-02T00:00:00.000Z`);
    expect(response.statusCode).toBe(200);
    const figures = response.json<AlarmHealth>();
    // 12 flood + 4 door + 1 open since 01:00 + 1 sensor fault raised in the day; the suppressed two do not count.
    expect(figures.total).toBe(18);
    expect(figures.averagePerHour).toBe(0.75);
    expect(figures.peakPer10Minutes).toBe(12);
    expect(figures.floods).toEqual([
      { from: at('08:00:00').toISOString(), to: at('08:03:40').toISOString(), count: 12 },
    ]);
    expect(figures.standing.map((s) => [s.department, s.code, s.clearedAt])).toEqual([
      [2, 'LOW_TEMPERATURE', null],
      [3, 'HIGH_TEMPERATURE', at('03:00:00').toISOString()],
    ]);
    expect(figures.chattering).toEqual([
      {
        hexacode: 'C00001',
        deviceName: 'Case C00001',
        department: 1,
        subDepartment: 0,
        code: 'DOOR_OPEN',
        translation: 'Door open too long',
        peak: 3,
        count: 4,
      },
    ]);
    expect(figures.topOffenders).toHaveLength(10);
    expect(figures.topOffenders[0]).toMatchObject({
      hexacode: 'C00001',
      department: 1,
      code: 'DOOR_OPEN',
      translation: 'Door open too long',
      count: 4,
    });
    expect(figures.topOffenders.slice(1).every((o) => o.count === 1)).toBe(true);
    // Shelved at 02:00, 12:00:10 and 20:01; not the evening before, at the next midnight, nor in acme.
    expect([figures.suppressed, figures.shelved]).toEqual([2, 3]);
  });

  it("names the alarms in the reader's language", async () => {
    const speak = (code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/account/settings',
        headers: { host: hostOf('demo'), authorization: `Bearer ${admin}` },
        payload: { language: { code, label: code } },
      });
    expect((await speak('DE')).statusCode).toBe(200);
    try {
      const figures = (
        await health(`from=${DAY}T00:00:00.000Z&to=2020-03-02T00:00:00.000Z`)
      ).json<AlarmHealth>();
      expect(figures.topOffenders[0]?.translation).toBe('Tür zu lange offen');
      expect(figures.standing.map((s) => s.translation)).toEqual(['Niedrige Temperatur', 'Hohe Temperatur']);
    } finally {
      await speak('EN');
    }
  });

  it('finds no flood in the hour after it, and refuses bad ranges and non-administrators', async () => {
    const hour = (await health(`from=${DAY}T12:00:00.000Z&to=${DAY}T13:00:00.000Z`)).json<AlarmHealth>();
    expect([hour.total, hour.averagePerHour, hour.peakPer10Minutes, hour.floods]).toEqual([3, 3, 3, []]);
    // Only the door alarm shelved at 12:00:10.
    expect(hour.shelved).toBe(1);
    const backwards = await health(`from=${DAY}T12:00:00.000Z&to=${DAY}T11:00:00.000Z`);
    expect([backwards.statusCode, backwards.json<{ message: string }>().message]).toEqual([
      400,
      'to must be after from',
    ]);
    const missing = await health(`from=${DAY}T12:00:00.000Z`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('to');
    expect((await health(`from=${DAY}T00:00:00.000Z&to=2020-03-02T00:00:00.000Z`, operator)).statusCode).toBe(
      403,
    );
  });
});
