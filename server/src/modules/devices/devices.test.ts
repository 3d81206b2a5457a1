import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceTreeItem, Line } from '#contracts';
import { PROTOCOL_VERSION, Topics } from '../../gateway/protocol';
import { describeEachBackend } from '../../testing/backends';
import { callsAs, hostOf, signInAll, tokenOf, useTestApp } from '../../testing/app';
import { fleetOnline } from '../../testing/devices';
import { eventually } from '../../testing/wait';
import { insertReaders, READER_PASSWORDS } from '../../testing/readers';

const CASE = { hexacode: '1A0102', rawHexacode: '1A0102', department: 1, subDepartment: 0 };

describeEachBackend('devices API', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  const extra: MqttClient[] = [];

  beforeAll(async () => {
    await insertReaders(ctx.handle.db);
    await signInAll(ctx.app, tokens, { admin: 'Admin123', operator: 'Operator123', ...READER_PASSWORDS });
    tokens.acme = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    await fleetOnline(ctx.devices);
  });
  afterAll(async () => {
    await Promise.all(extra.map((c) => c.endAsync()));
  });

  const call = callsAs(ctx, tokens);
  const tree = async (who = 'operator') =>
    (await call('GET', '/api/v2/devices/', who)).json() as DeviceTreeItem[];
  const lines = async (who: string, body: object) => {
    const response = await call('POST', '/api/v2/devices/pages/lines', who, body);
    expect(response.statusCode).toBe(200);
    return response.json() as { status: string; lines: Line[] };
  };
  const write = (who: string, body: object) => call('PUT', '/api/v2/devices/pages/lines', who, body);

  it('answers each tenant its own tree: groups with members, standalone and virtual devices, live status', async () => {
    const demo = await tree();
    expect(demo.map((i) => i.type)).toEqual(
      expect.arrayContaining(['BUSINESS_GROUP', 'REAL_DEVICE', 'VIRTUAL_DEVICE']),
    );
    const store = demo.find((i) => i.name === 'Store 101 Copenhagen')!;
    expect(store).toMatchObject({ type: 'BUSINESS_GROUP', status: 'ON', networkNumber: expect.any(Number) });
    expect(store.key).toMatch(/^[0-9a-f-]{36}$/);
    const dairy = store.devices.find((d) => d.hexacode === '1A0102')!;
    expect(dairy).toMatchObject({
      type: 'REAL_DEVICE',
      key: '1A0102',
      adf: 'CC-410',
      status: 'ON',
      name: 'Dairy cases',
    });
    expect(dairy.departments.map((d) => d.key)).toEqual(['1A0102-1-0', '1A0102-1-1']);
    expect(store.devices.some((d) => d.type === 'VIRTUAL_DEVICE')).toBe(true);
    expect(demo.map((i) => i.order)).toEqual(demo.map((_, i) => i));

    const acme = await tree('acme');
    const hexacodes = (items: DeviceTreeItem[]): string[] =>
      items.flatMap((i) => [i.hexacode, ...hexacodes(i.devices)]);
    expect(hexacodes(acme)).toContain('3E0001');
    expect(hexacodes(acme).some((h) => h.startsWith('1A') || h.startsWith('2D'))).toBe(false);
  });

  it('names departments and lists pages with the statuses of SPEC §4', async () => {
    const names = await call('POST', '/api/v2/devices/departments/names', 'operator', [
      { key: '1A0102-1-0', adf: 'CC-410', ...CASE },
      {
        key: '3E0002-1-0',
        adf: 'CC-410',
        hexacode: '3E0002',
        rawHexacode: '3E0002',
        department: 1,
        subDepartment: 0,
      },
    ]);
    expect(names.json()).toEqual([
      { key: '1A0102-1-0', name: 'Evaporator 1', status: 'ON', configuration: null },
    ]);

    const pages = await call('POST', '/api/v2/devices/departments/pages', 'operator', {
      adf: 'CC-410',
      ...CASE,
    });
    expect(pages.json().status).toBe('OK');
    expect(pages.json().pages.map((p: { name: string }) => p.name)).toContain('Thermostat');
    const foreign = await call('POST', '/api/v2/devices/departments/pages', 'acme', CASE);
    expect(foreign.json()).toEqual({ status: 'DEVICE_NOT_FOUND', pages: [] });
  });

  it('reads lines through the ADF, and says why when it cannot', async () => {
    const page2 = await lines('operator', { ...CASE, page: 2 });
    expect(page2.status).toBe('OK');
    expect(page2.lines[0]).toMatchObject({
      number: 1,
      name: 'Air temperature setpoint',
      status: 'OK',
      unit: '°C',
      readOnly: false,
      // What the line details dialog tells the operator, and checks before sending.
      limits: { min: -30, max: 10, step: 0.1, unit: '°C' },
    });
    expect(page2.lines[0]!.value).toMatch(/^-?\d+\.\d$/);

    expect(
      (await lines('operator', { ...CASE, hexacode: 'ABCDEF', rawHexacode: 'ABCDEF', page: 1 })).status,
    ).toBe('DEVICE_NOT_FOUND');
    // Another tenant's device is exactly as unknown as a device that does not exist.
    expect((await lines('acme', { ...CASE, page: 1 })).status).toBe('DEVICE_NOT_FOUND');
    expect(
      (
        await lines('operator', {
          ...CASE,
          hexacode: '1A0103',
          rawHexacode: '1A0103',
          subDepartment: 1,
          page: 1,
        })
      ).status,
    ).toBe('DEPARTMENT_NOT_PRESENT');
    expect((await lines('operator', { ...CASE, page: 9 })).status).toBe('PAGE_NOT_PRESENT');
    const bad = await call('POST', '/api/v2/devices/pages/lines', 'operator', { ...CASE, page: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it("answers in the user's language what the ADF names: departments, pages, lines and their states", async () => {
    const dairy = (await tree('leser'))
      .flatMap((item) => [item, ...item.devices])
      .find((item) => item.hexacode === '1A0102')!;
    expect(dairy.departments.map((d) => d.name)).toEqual(['Verdampfer 1', 'Verdampfer 2']);
    const names = await call('POST', '/api/v2/devices/departments/names', 'leser', [
      { key: '1A0102-1-0', adf: 'CC-410', ...CASE },
    ]);
    expect(names.json()).toEqual([expect.objectContaining({ name: 'Verdampfer 1' })]);
    const pages = await call('POST', '/api/v2/devices/departments/pages', 'leser', CASE);
    expect(pages.json().pages.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Status', 'Thermostat', 'Abtauung', 'Alarme']),
    );
    const status = await lines('leser', { ...CASE, page: 1 });
    const door = status.lines.find((line) => line.number === 6)!;
    expect(door).toMatchObject({ name: 'Tür', status: 'OK' });
    expect(door.options).toEqual([
      { label: 'Geschlossen', index: 0 },
      { label: 'Offen', index: 1 },
    ]);
    expect(['Geschlossen', 'Offen']).toContain(door.value);
    // The English reader's page is unchanged.
    const english = (await lines('viewer', { ...CASE, page: 1 })).lines.find((line) => line.number === 6)!;
    expect(english).toMatchObject({
      name: 'Door',
      options: [
        { label: 'Closed', index: 0 },
        { label: 'Open', index: 1 },
      ],
    });
  });

  it('refreshes a department from the device and answers its lines', async () => {
    const refreshed = await call('POST', '/api/v2/devices/pages/lines/refresh', 'operator', {
      ...CASE,
      page: 1,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().status).toBe('OK');
    expect(refreshed.json().lines[0].status).toBe('OK');
  });

  it('writes a setpoint end to end: API → broker → device → answer → 200, and the value changes', async () => {
    const response = await write('operator', { ...CASE, page: 2, line: 1, value: '4.5' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'ACCEPTED' });
    await eventually(async () => (await lines('operator', { ...CASE, page: 2 })).lines[0]!.value === '4.5', {
      what: 'the written value 4.5 on page 2',
    });
    const sim = ctx.devices.simulatedDevices.find((d) => d.spec.hexacode === '1A0102')!;
    expect(sim.value(1, 0, 'setpoint')).toBeCloseTo(4.5);
  });

  it('answers 409 LINE_WRITE_REFUSED for read-only lines and values outside the limits', async () => {
    const readOnly = await write('operator', { ...CASE, page: 1, line: 1, value: 3 });
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json()).toMatchObject({
      code: 'LINE_WRITE_REFUSED',
      result: 'REFUSED',
      reason: 'READ_ONLY',
    });
    const tooHigh = await write('operator', { ...CASE, page: 2, line: 1, value: '50' });
    expect(tooHigh.statusCode).toBe(409);
    expect(tooHigh.json()).toMatchObject({ code: 'LINE_WRITE_REFUSED', reason: 'OUT_OF_RANGE' });
    const malformed = await write('operator', { ...CASE, page: 2, line: 1, value: '' });
    expect(malformed.statusCode).toBe(400);
    const unknown = await write('operator', { ...CASE, hexacode: 'ABCDEF', page: 2, line: 1, value: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'DEVICE_NOT_FOUND' });
    expect((await write('acme', { ...CASE, page: 2, line: 1, value: 1 })).statusCode).toBe(404);
  });

  it('lets DEVICES WRITE change values and refuses a READ-only user with 403', async () => {
    expect((await call('GET', '/api/v2/devices/', 'viewer')).statusCode).toBe(200);
    const refused = await write('viewer', { ...CASE, page: 2, line: 1, value: '3' });
    expect(refused.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/v2/devices/', headers: { host: hostOf('demo') } })).statusCode,
    ).toBe(401);
  });

  it('shows and writes factory-settings lines only with the setting on and RND WRITE', async () => {
    const service = async (who: string) =>
      (await lines(who, { ...CASE, page: 5 })).lines.map((l) => l.number);
    expect(await service('admin')).toEqual([4]);
    const asked = async (who: string) =>
      (await call('POST', '/api/v2/account/settings', who, { enableFactorySettingsLines: true })).statusCode;
    expect(await asked('admin')).toBe(200);
    expect(await asked('operator')).toBe(403); // the setting itself needs RND at WRITE
    expect(await service('admin')).toEqual([1, 2, 3, 4]);
    expect(await service('operator')).toEqual([4]); // no RND grant
    const byOperator = await write('operator', { ...CASE, page: 5, line: 1, value: '0.5' });
    expect(byOperator.statusCode).toBe(409);
    expect(byOperator.json().reason).toBe('FACTORY_SETTINGS');
    expect((await write('admin', { ...CASE, page: 5, line: 1, value: '0.5' })).statusCode).toBe(200);
  });

  it('registers a device through the admin API; offline it answers DEVICE_CAN_RECEIVED, silent it times out', async () => {
    const register = (body: object, who = 'admin') => call('POST', '/api/v2/admin/devices', who, body);
    const created = await register({
      model: 'CC-410',
      hexacode: '0d0d0d',
      name: 'Case 7',
      group: 'Store 101 Copenhagen',
    });
    expect(created.statusCode).toBe(201);
    const { hexacode, credential } = created.json() as { hexacode: string; credential: string };
    expect(hexacode).toBe('0D0D0D');
    expect(credential.length).toBeGreaterThanOrEqual(16);
    expect((await register({ model: 'CC-410', hexacode: '0D0D0D', name: 'Again' })).statusCode).toBe(409);
    const unknownModel = await register({ model: 'ZZ-1', hexacode: '0E0E0E', name: 'X' });
    expect(unknownModel.statusCode).toBe(400);
    expect(unknownModel.json().code).toBe('UNKNOWN_MODEL');
    expect((await register({ model: 'CC-410', hexacode: 'XYZ', name: 'X' })).json().code).toBe(
      'INVALID_HEXACODE',
    );
    expect((await register({ model: 'CC-410', hexacode: '0F0F0F', name: 'X' }, 'operator')).statusCode).toBe(
      403,
    );

    const store = (await tree()).find((i) => i.name === 'Store 101 Copenhagen')!;
    expect(store.devices.find((d) => d.hexacode === '0D0D0D')).toMatchObject({ status: 'OFF' });
    const target = { hexacode, rawHexacode: hexacode, department: 1, subDepartment: 0 };
    const offline = await lines('operator', { ...target, page: 2 });
    expect(offline.status).toBe('DEVICE_CAN_RECEIVED');
    expect(offline.lines.every((l) => l.status === 'DEVICE_CAN_RECEIVED' && l.value === null)).toBe(true);
    const unavailable = await write('operator', { ...target, page: 2, line: 1, value: '3' });
    expect(unavailable.statusCode).toBe(409);
    expect(unavailable.json()).toMatchObject({ code: 'DEVICE_UNAVAILABLE', status: 'DEVICE_CAN_RECEIVED' });

    // The device connects with its new credential, says it is online, and then never answers a command.
    const topics = new Topics();
    const device = await mqtt.connectAsync(ctx.devices.url!, {
      username: `demo/${hexacode}`,
      clientId: `demo/${hexacode}`,
      password: credential,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    extra.push(device);
    await device.publishAsync(
      topics.status('demo', hexacode),
      JSON.stringify({ v: PROTOCOL_VERSION, type: 'status', online: true, model: 'CC-410' }),
      { qos: 1, retain: true },
    );
    await eventually(() => ctx.devices.gateway.isOnline('demo', hexacode), { what: 'the device online' });
    const timeout = await write('operator', { ...target, page: 2, line: 1, value: '3' });
    expect(timeout.statusCode).toBe(504);
    expect(timeout.json()).toMatchObject({ code: 'LINE_WRITE_TIMEOUT', result: 'TIMEOUT' });
    await device.publishAsync(topics.status('demo', hexacode), '', { qos: 1, retain: true });
  });

  it('lists devices by name as people read them: "Case 9" before "Case 10"', async () => {
    const register = (hexacode: string, name: string) =>
      call('POST', '/api/v2/admin/devices', 'admin', { model: 'CC-410', hexacode, name });
    expect((await register('0C0C10', 'Case 10')).statusCode).toBe(201);
    expect((await register('0C0C09', 'case 9')).statusCode).toBe(201);
    const names = (await tree()).map((item) => item.name);
    expect(names.indexOf('case 9')).toBeLessThan(names.indexOf('Case 10'));
    expect(names.indexOf('case 9')).toBeGreaterThan(-1);
  });

  it('saves the device configuration and the tree follows it', async () => {
    const store = (await tree()).find((i) => i.name === 'Store 101 Copenhagen')!;
    const save = (payload: unknown) => call('POST', '/api/v2/account/settings/devices', 'operator', payload);
    const response = await save({
      settings: { sortMode: 'CUSTOM', sortDirection: 'DESC' },
      devices: [
        {
          rawHexacode: '2D0001',
          key: '2D0001',
          order: 0,
          data: [
            { key: '2D0001', label: '  Big cold room ' },
            { key: '2D0001-1-0', label: 'Room' },
          ],
        },
        {
          rawHexacode: store.rawHexacode,
          key: store.key,
          order: 1,
          data: [
            { key: store.key, label: 'Copenhagen' },
            { key: '1A0102', label: 'Milk' },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as {
      settings: unknown;
      devices: { key: string; order: number; data: unknown[] }[];
    };
    expect(saved.settings).toEqual({ sortMode: 'CUSTOM', sortDirection: 'DESC' });
    expect(saved.devices.find((d) => d.key === '2D0001')).toMatchObject({
      order: 0,
      data: [
        { key: '2D0001', label: 'Big cold room' },
        { key: '2D0001-1-0', label: 'Room' },
      ],
    });

    const after = await tree('operator');
    expect(after[0]).toMatchObject({
      key: '2D0001',
      name: 'Big cold room',
      configuration: { label: 'Big cold room' },
    });
    expect(after[0]!.departments[0]).toMatchObject({ name: 'Room', configuration: { label: 'Room' } });
    expect(after[1]).toMatchObject({ key: store.key, name: 'Copenhagen' });
    expect(after[1]!.devices.find((d) => d.hexacode === '1A0102')!.name).toBe('Milk');
    // Only this user's tree changes.
    expect((await tree('admin')).find((i) => i.key === '2D0001')!.name).toBe('Warehouse cold room');
    const settings = await call('GET', '/api/v2/account/settings', 'operator');
    expect(settings.json().deviceConfigurationSettings).toEqual({
      sortMode: 'CUSTOM',
      sortDirection: 'DESC',
    });

    const foreign = await save({
      settings: { sortMode: 'NAME', sortDirection: 'ASC' },
      devices: [{ rawHexacode: '3E0001', key: '3E0001', order: 0, data: [] }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('UNKNOWN_DEVICE_KEY');
    const blank = await save({
      settings: { sortMode: 'NAME', sortDirection: 'ASC' },
      devices: [{ rawHexacode: '2D0001', key: '2D0001', order: 0, data: [{ key: '2D0001', label: '  ' }] }],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('devices.0.data.0.label');
    // A null label gives the registered name back.
    await save({
      settings: { sortMode: 'NAME', sortDirection: 'ASC' },
      devices: [{ rawHexacode: '2D0001', key: '2D0001', order: 0, data: [{ key: '2D0001', label: null }] }],
    });
    expect((await tree()).find((i) => i.key === '2D0001')!.name).toBe('Warehouse cold room');
  });

  it('reports the gateway connection on /healthz', async () => {
    const health = await ctx.app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok', gateway: 'connected' });
  });
});
