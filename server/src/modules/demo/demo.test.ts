import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { DatabaseHandle } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../seed';
import type { GatewayEvent } from '../../gateway/gateway';
import type { DeviceRuntime } from '../../gateway/runtime';
import { startQuietDevices } from '../../testing/devices';
import { TEST_BACKEND } from '../../testing/backends';
import { hostOf, tokenOf } from '../../testing/app';
import { eventually } from '../../testing/wait';

/** POST /api/v2/demo/alarms: the in-process simulated fleet raises and clears alarms on demand. */
describe('demo alarms route', () => {
  let handle: DatabaseHandle & { dispose(): Promise<void> };
  let runtime: DeviceRuntime;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const events: GatewayEvent[] = [];

  beforeAll(async () => {
    handle = await TEST_BACKEND.open();
    await migrate(handle);
    await seedDemo(handle.db, { dashboards: false });
    runtime = await startQuietDevices(handle.db);
    app = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'silent' },
      db: handle.db,
      logger: false,
      distDir: '/nonexistent-dist',
      devices: runtime,
      simulator: runtime.simulator,
    });
    runtime.gateway.subscribe((e) => events.push(e));
    tokens.admin = await tokenOf(app, 'admin', 'Admin123');
    tokens.operator = await tokenOf(app, 'operator', 'Operator123');
    tokens.acme = await tokenOf(app, 'admin', 'Admin123', 'acme');
    await eventually(() => runtime.gateway.isOnline('demo', '1A0102'), { what: '1A0102 online' });
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.stop();
    await handle?.dispose();
  });

  const post = (who: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/demo/alarms',
      headers: { host: hostOf(who === 'acme' ? 'acme' : 'demo'), authorization: `Bearer ${tokens[who]}` },
      payload: payload as object,
    });
  const body = { hexacode: '1A0102', department: '1.1', code: 'HIGH_TEMPERATURE', raised: true };

  it('needs the SYSTEM grant at WRITE', async () => {
    expect((await post('operator', body)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v2/demo/alarms',
      headers: { host: hostOf('demo') },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad body with a clear message', async () => {
    const bad = async (payload: unknown) => {
      const response = await post('admin', payload);
      expect(response.statusCode).toBe(400);
      return (response.json() as { message: string }).message;
    };
    expect(await bad({ ...body, code: 'high temp' })).toMatch(/code must be upper-case/);
    expect(await bad({ ...body, department: 'one' })).toMatch(/department must be like 1.0/);
    expect(await bad({ ...body, raised: 'yes' })).toMatch(/raised must be true or false/);
    expect(await bad({ department: '1.0', code: 'X', raised: true })).toMatch(/hexacode/);
  });

  it('answers 404 for a device that is not simulated here, or a department it does not have', async () => {
    const unknown = await post('admin', { ...body, hexacode: 'ABCDEF' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'DEVICE_NOT_SIMULATED' });
    // Another tenant's device is not this tenant's.
    expect((await post('acme', body)).statusCode).toBe(404);
    const department = await post('admin', { ...body, department: '9.0' });
    expect(department.json()).toMatchObject({ statusCode: 404, code: 'DEPARTMENT_NOT_PRESENT' });
  });

  it('raises the alarm through the device and the gateway, then clears it', async () => {
    const changes = () =>
      events.filter((e) => e.type === 'AlarmChanged' && e.hexacode === '1A0102' && e.code === body.code);
    const raised = await post('admin', { ...body, hexacode: '1a0102' });
    expect(raised.statusCode).toBe(204);
    await eventually(() => changes()[0], { what: 'the raised alarm from the gateway' });
    expect(changes()[0]).toMatchObject({ tenant: 'demo', department: 1, subDepartment: 1, raised: true });
    expect(
      runtime.gateway.departmentStatus({
        tenant: 'demo',
        hexacode: '1A0102',
        department: 1,
        subDepartment: 1,
      }),
    ).toBe('ON_ALARM');
    expect(runtime.gateway.deviceStatus('demo', '1A0102')).toBe('ON_ALARM');

    expect((await post('admin', { ...body, raised: false })).statusCode).toBe(204);
    await eventually(() => changes()[1], { what: 'the cleared alarm from the gateway' });
    expect(changes()[1]).toMatchObject({ raised: false });
    await eventually(() => runtime.gateway.deviceStatus('demo', '1A0102') === 'ON', {
      what: '1A0102 ON again',
    });
  });

  it('is absent without an in-process simulator', async () => {
    const plain = await buildApp({
      config: { defaultTenant: 'demo', logLevel: 'silent' },
      db: handle.db,
      logger: false,
      distDir: '/nonexistent-dist',
    });
    const response = await plain.inject({
      method: 'POST',
      url: '/api/v2/demo/alarms',
      headers: { host: hostOf('demo'), authorization: `Bearer ${tokens.admin}` },
      payload: body,
    });
    expect(response.statusCode).toBe(404);
    await plain.close();
  });
});
