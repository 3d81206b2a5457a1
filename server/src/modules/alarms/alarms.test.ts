import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AlarmEntry, AlarmHistoryPage } from '#contracts';
import { alarmOccurrences, tenants, users } from '../../db/schema';
import type { GatewayEvent } from '../../gateway/events';
import { callsAs, tokenOf, secondInstance, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';
import { userOf } from '../../testing/users';
import type { AlarmEvent } from './events';
import { changed, IN_GROUP, SPOKEN_FOR_DEVICES, STANDALONE, T0 } from './testing';

describeEachBackend('alarms store', (backend) => {
  const ctx = useTestApp(backend, { devices: SPOKEN_FOR_DEVICES });
  const tokens: Record<string, string> = {};
  const heard: AlarmEvent[] = [];
  let second: FastifyInstance;

  beforeAll(async () => {
    // A reader (DEVICES at READ only) and a user without the DEVICES grant, both signing in without a second factor.
    const operator = await userOf(ctx.handle.db, 'secure');
    await ctx.handle.db
      .update(users)
      .set({
        mfaEnabled: false,
        mfaSecret: null,
        authorities: operator.authorities.map((a) =>
          a.authority === 'GRANT_DEVICES' ? { ...a, type: 'READ' as const } : a,
        ),
      })
      .where(eq(users.id, operator.id));
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.operator = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.reader = await tokenOf(ctx.app, 'secure', 'Secure123');
    const [acmeOperator] = await ctx.handle.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'operator'), eq(users.tenantId, (await acmeTenantId())!)));
    await ctx.handle.db
      .update(users)
      .set({ authorities: acmeOperator!.authorities.filter((a) => a.authority !== 'GRANT_DEVICES') })
      .where(eq(users.id, acmeOperator!.id));
    tokens.acmeNoDevices = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    tokens.acmeAdmin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    ctx.app.alarms.subscribe((event) => void heard.push(event));
    // A second server instance over the same database and broker.
    second = await secondInstance(ctx);
    second.alarms.subscribe((event) => void heard.push(event));
  });
  afterAll(async () => second?.close());
  const acmeTenantId = async () =>
    (await ctx.handle.db.select().from(tenants).where(eq(tenants.name, 'acme')))[0]?.id;

  /** Both instances hear the event, as they do from the broker. */
  const hear = async (event: GatewayEvent) => {
    ctx.app.alarms.store.handle(event);
    second.alarms.store.handle(event);
    await Promise.all([ctx.app.alarms.flush(), second.alarms.flush()]);
  };
  const call = callsAs(ctx, tokens);
  const entries = async (who = 'admin') => (await call('GET', '/api/v2/alarms/', who)).json<AlarmEntry[]>();
  const open = (hexacode: string) =>
    ctx.handle.db
      .select()
      .from(alarmOccurrences)
      .where(and(eq(alarmOccurrences.hexacode, hexacode)));

  it('stores a raise heard by two instances once, and tells e-mail and push once', async () => {
    // Listeners that fail are logged; they never stop the store or the other listeners.
    ctx.app.alarms.subscribe(() => {
      throw new Error('mail server down');
    });
    second.alarms.subscribe(async () => Promise.reject(new Error('push service down')));
    heard.length = 0;
    await hear(changed('HIGH_TEMPERATURE', true, T0));
    const rows = await open(STANDALONE);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      code: 'HIGH_TEMPERATURE',
      deviceName: 'Warehouse cold room',
      clearedAt: null,
    });
    expect(rows[0]!.raisedAt.toISOString()).toBe(new Date(T0).toISOString());
    expect(heard.map((e) => e.type)).toEqual(['alarm.raised']);
    expect(heard[0]!.occurrence).toMatchObject({
      tenant: 'demo',
      hexacode: STANDALONE,
      department: 1,
      page: 1,
    });
  });

  it('lists a standalone device and a business group with their sizes', async () => {
    await hear(changed('SENSOR_FAULT', true, T0 + 1000, { hexacode: IN_GROUP }));
    await hear(changed('DEFROST_TOO_LONG', true, T0 + 2000, { hexacode: IN_GROUP }));
    const list = await entries();
    const device = list.find((e) => e.hexacode === STANDALONE)!;
    expect(device).toMatchObject({
      type: 'DeviceAlarmEntry',
      name: 'Warehouse cold room',
      size: 1,
      empty: false,
    });
    const group = list.find((e) => e.type === 'BusinessGroupAlarmEntry')!;
    expect(group.size).toBe(2);
    expect(group.alarms.map((a) => [a.hexacode, a.code, a.state])).toEqual([
      [IN_GROUP, 'SENSOR_FAULT', 'ACTIVE_UNACKNOWLEDGED'],
      [IN_GROUP, 'DEFROST_TOO_LONG', 'ACTIVE_UNACKNOWLEDGED'],
    ]);
  });

  it('clears once, and a late raise of the same alarm from another instance stores nothing', async () => {
    heard.length = 0;
    await hear(changed('SENSOR_FAULT', false, T0 + 5000, { hexacode: IN_GROUP }));
    // An instance that hears the old raise only now (after the clear).
    second.alarms.store.handle(changed('SENSOR_FAULT', true, T0 + 1000, { hexacode: IN_GROUP }));
    await second.alarms.flush();
    expect(heard.map((e) => e.type)).toEqual(['alarm.cleared']);
    const rows = (await open(IN_GROUP)).filter((r) => r.code === 'SENSOR_FAULT');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.clearedAt?.toISOString()).toBe(new Date(T0 + 5000).toISOString());
  });

  it('reconciles a department with its complete list, leaving DEVICE_LOST to its own event', async () => {
    await hear(changed('DEVICE_LOST', true, T0 + 6000, { hexacode: IN_GROUP, department: 0 }));
    await hear({
      type: 'AlarmList',
      tenant: 'demo',
      hexacode: IN_GROUP,
      department: 1,
      subDepartment: 0,
      codes: ['COMPRESSOR_TRIP'],
      at: T0 + 7000,
    });
    const active = (await open(IN_GROUP)).filter((r) => r.clearedAt === null).map((r) => r.code);
    expect(active.sort()).toEqual(['COMPRESSOR_TRIP', 'DEVICE_LOST']);
    await hear(changed('DEVICE_LOST', false, T0 + 8000, { hexacode: IN_GROUP, department: 0 }));
    const group = (await entries()).find((e) => e.type === 'BusinessGroupAlarmEntry')!;
    expect(group.alarms.map((a) => a.code)).toEqual(['COMPRESSOR_TRIP']);
  });

  it('acknowledges with DEVICES at WRITE only, once, within the tenant', async () => {
    const [row] = (await open(STANDALONE)).filter((r) => r.clearedAt === null);
    const url = `/api/v2/alarms/${row!.id}/acknowledge`;
    expect((await call('POST', url, 'reader', { comment: 'x' })).json()).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
    expect((await call('POST', url, 'acmeAdmin', { comment: 'x' })).json()).toMatchObject({
      statusCode: 404,
      code: 'ALARM_NOT_FOUND',
    });
    heard.length = 0;
    expect((await call('POST', url, 'operator', { comment: '  door closed ' })).statusCode).toBe(204);
    expect(heard).toMatchObject([{ type: 'alarm.acknowledged', by: 'operator', comment: 'door closed' }]);
    expect((await call('POST', url, 'admin', {})).json()).toMatchObject({
      statusCode: 409,
      code: 'ALARM_ALREADY_ACKNOWLEDGED',
    });
    expect((await call('POST', '/api/v2/alarms/nope/acknowledge', 'admin', {})).statusCode).toBe(400);
    const device = (await entries()).find((e) => e.hexacode === STANDALONE)!;
    expect(device.alarms[0]).toMatchObject({
      state: 'ACTIVE_ACKNOWLEDGED',
      acknowledgedBy: 'operator',
      comment: 'door closed',
    });
  });

  it('shows alarms to DEVICES readers only', async () => {
    expect((await entries('reader')).length).toBeGreaterThan(0);
    for (const url of ['/api/v2/alarms/', '/api/v2/alarms/history', '/api/v2/alarms/stream'])
      expect((await call('GET', url, 'acmeNoDevices')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v2/alarms/' })).statusCode).toBe(401);
  });

  it('keeps tenants apart', async () => {
    expect(await entries('acmeAdmin')).toEqual([]);
    const page = (await call('GET', '/api/v2/alarms/history', 'acmeAdmin')).json<AlarmHistoryPage>();
    expect(page).toEqual({ data: [], recordsFiltered: 0 });
  });

  it('pages, sorts and filters the history on the server', async () => {
    const history = async (query: string) =>
      (await call('GET', `/api/v2/alarms/history?${query}`, 'admin')).json<AlarmHistoryPage>();
    for (let i = 0; i < 6; i++) {
      await hear(changed(`TEST_${i}`, true, T0 + 10_000 + i));
      await hear(changed(`TEST_${i}`, false, T0 + 20_000 + i));
    }
    const all = await history('');
    expect(all.recordsFiltered).toBe(11);
    expect(all.data).toHaveLength(10);
    // Newest first by default.
    const times = all.data.map((r) => r.occuredAt);
    expect(times).toEqual([...times].sort().reverse());
    const page = await history('pageLength=10&page=0&sortField=deviceName&sortDirection=ASC');
    expect(page.data[0]!.deviceName).toBe('Dairy cases');
    expect(page.data.at(-1)!.deviceName).toBe('Warehouse cold room');
    expect((await history(`hexacode=${IN_GROUP.toLowerCase()}`)).recordsFiltered).toBe(4);
    expect((await history('department=0.0')).data.map((r) => r.code)).toEqual(['DEVICE_LOST']);
    const from = new Date(T0 + 1500).toISOString();
    const to = new Date(T0 + 6500).toISOString();
    expect((await history(`from=${from}&to=${to}`)).recordsFiltered).toBe(2);
    const acknowledgedFirst = await history('sortField=acknowledgedAt&sortDirection=DESC');
    expect(acknowledgedFirst.data[0]!.acknowledgedBy).toBe('operator');
    for (const field of ['clearedAt', 'businessGroupName', 'departmentName', 'translation'])
      expect((await history(`sortField=${field}&sortDirection=ASC&pageLength=25`)).data).toHaveLength(11);
    const byTranslation = async (direction: string) =>
      (await history(`sortField=translation&sortDirection=${direction}&pageLength=25`)).data.map(
        (r) => r.translation,
      );
    expect(await byTranslation('DESC')).toEqual((await byTranslation('ASC')).reverse());
    expect((await history('page=1&pageLength=10')).data).toHaveLength(1);
    expect((await call('GET', '/api/v2/alarms/history?pageLength=7', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/v2/alarms/history?sortField=nope', 'admin')).statusCode).toBe(400);
  });

  it('saves every occurrence the filters match as CSV, in the order asked for, whatever the page', async () => {
    const csv = (query: string) => call('GET', `/api/v2/alarms/history?format=csv&${query}`, 'admin');
    const sorted = 'sortField=deviceName&sortDirection=ASC';
    const file = await csv(`${sorted}&page=1&pageLength=10`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(file.headers['content-disposition']).toBe('attachment; filename="alarm-history.csv"');
    const [header, ...rows] = file.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'id,occuredAt,clearedAt,businessGroupName,deviceName,hexacode,department,departmentName,code,translation,acknowledgedAt,acknowledgedBy,comment,suppressed',
    );
    const page = (
      await call('GET', `/api/v2/alarms/history?${sorted}&pageLength=25`, 'admin')
    ).json<AlarmHistoryPage>();
    expect(page.recordsFiltered).toBe(11);
    expect(rows.map((row) => row.split(',')[0])).toEqual(page.data.map((row) => row.id));
    const first = page.data[0]!;
    expect(rows[0]).toContain(
      `,${first.occuredAt},${first.clearedAt ?? ''},${first.businessGroupName ?? ''},${first.deviceName},${first.hexacode},${first.department}.${first.subDepartment},`,
    );
    expect(rows[0]).toContain(`,${first.code},${first.translation},`);
    const inGroup = (await csv(`hexacode=${IN_GROUP}`)).body.trimEnd().split('\r\n');
    expect(inGroup).toHaveLength(1 + 4);
    const refused = await call('GET', '/api/v2/alarms/history?format=xml', 'admin');
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([
      400,
      'format: format must be json or csv',
    ]);
  });

  it("names the ADF's departments in the reader's language, in the history and in the menu", async () => {
    await hear(changed('HIGH_TEMPERATURE', true, T0 + 30_000, { hexacode: IN_GROUP }));
    // E-mail and push name the department in each reader's language too.
    const raised = heard.filter((event) => event.type === 'alarm.raised').at(-1)!.occurrence;
    expect(raised.departmentNames).toMatchObject({ de: 'Verdampfer 1', fr: 'Évaporateur 1' });
    await ctx.handle.db.update(users).set({ languageCode: 'DE' }).where(eq(users.username, 'secure'));
    tokens.leser = await tokenOf(ctx.app, 'secure', 'Secure123');
    const german = (
      await call('GET', `/api/v2/alarms/history?hexacode=${IN_GROUP}`, 'leser')
    ).json<AlarmHistoryPage>();
    const evaporator = (page: AlarmHistoryPage) =>
      new Set(page.data.filter((row) => row.department === 1).map((row) => row.departmentName));
    expect(evaporator(german)).toEqual(new Set(['Verdampfer 1']));
    expect(german.data.find((row) => row.code === 'HIGH_TEMPERATURE')!.translation).toBe('Hohe Temperatur');
    const english = (
      await call('GET', `/api/v2/alarms/history?hexacode=${IN_GROUP}`, 'admin')
    ).json<AlarmHistoryPage>();
    expect(evaporator(english)).toEqual(new Set(['Evaporator 1']));
    const menu = (await entries('leser'))
      .flatMap((entry) => entry.alarms)
      .filter((a) => a.hexacode === IN_GROUP);
    expect(menu.map((alarm) => alarm.departmentName)).toContain('Verdampfer 1');
    await hear(changed('HIGH_TEMPERATURE', false, T0 + 31_000, { hexacode: IN_GROUP }));
  });
});
