import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Dashboard, Line } from '#contracts';
import { users } from '../../db/schema';
import { describeEachBackend } from '../../testing/backends';
import { userOf } from '../../testing/users';
import { callsAs, hostOf, tokenOf, useTestApp } from '../../testing/app';

/** Case 1A0101 (CC-410), department 1.0, page 1 line 1: the air temperature. */
const AIR = {
  hexacode: '1A0101',
  rawHexacode: '1A0101',
  department: 1,
  subDepartment: 0,
  pageNumber: 1,
  lineNumber: 1,
};
const element = (id: string, buffer: object | null, extra: object = {}) => ({
  id,
  ...AIR,
  useDefaultPcNumber: false,
  buffer,
  ...extra,
});
const chart = (id: string, elements: object[]) => ({
  id,
  type: 'LINE_CHART',
  name: `Chart ${id}`,
  position: { i: id, x: 0, y: 0, w: 6, h: 4 },
  elements,
});

describeEachBackend('buffers', (backend) => {
  const ctx = useTestApp(backend, { devices: true });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    // A store manager: may record lines (BUFFERS at WRITE) but has no APPLY_ACL, so only PC numbers 1 and 2.
    const operator = await userOf(ctx.handle.db, 'operator');
    await ctx.handle.db
      .update(users)
      .set({
        authorities: operator.authorities.map((a) =>
          a.authority === 'GRANT_BUFFERS' ? { ...a, type: 'WRITE' as const } : a,
        ),
        settings: { pcNumbers: [1, 2], defaultPcNumber: 2, minBufferInterval: 300 },
      })
      .where(eq(users.id, operator.id));
    tokens.admin = await tokenOf(ctx.app, 'admin', 'Admin123');
    tokens.manager = await tokenOf(ctx.app, 'operator', 'Operator123');
    tokens.acmeAdmin = await tokenOf(ctx.app, 'admin', 'Admin123', 'acme');
    // The administrator allows itself one-minute buffers (it holds APPLY_ACL).
    await call('POST', '/api/v2/account/settings', 'admin', { minBufferInterval: 60 });
  });
  const call = callsAs(ctx, tokens);
  const save = async (who: string, widgets: object[]) => {
    const created = (
      await call('POST', '/api/v2/dashboards/', who, { name: `Buffers ${Math.random()}` })
    ).json<Dashboard>();
    return call('PUT', '/api/v2/dashboards/', who, {
      id: created.id,
      name: created.name,
      widgets,
      version: created.version,
    });
  };
  const airBuffers = async (who: string) => {
    const response = await call('POST', '/api/v2/devices/pages/lines', who, {
      hexacode: AIR.hexacode,
      rawHexacode: AIR.rawHexacode,
      department: 1,
      subDepartment: 0,
      page: 1,
    });
    return (response.json<{ lines: Line[] }>().lines.find((l) => l.number === 1)?.availableBuffers ?? []).map(
      (b) => `${b.pcNumber}@${b.interval}`,
    );
  };

  it('creates the buffer an element asks for when the dashboard is saved, and the line lists it', async () => {
    const start = '2026-01-15T00:00:00.000Z';
    const response = await save('admin', [
      chart('w1', [element('e1', { status: 'CREATE_BUFFER', pcNumber: 50, interval: 60, start })]),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json<Dashboard>().widgets[0]!.elements[0]).toMatchObject({
      pcNumber: 50,
      buffer: { status: 'OK', pcNumber: 50, interval: 60, start },
    });
    expect(await airBuffers('admin')).toEqual(['50@60']);
    // The manager may use PC numbers 1 and 2 only: buffer 50 is not theirs to see.
    expect(await airBuffers('manager')).toEqual([]);
  });

  it('changes an existing buffer when its interval changes, and gives a PC number the user may not use the default', async () => {
    const asked = element('e1', { status: 'CREATE_BUFFER', pcNumber: 50, interval: 600, start: null });
    const response = await save('manager', [chart('w2', [asked])]);
    expect(response.statusCode).toBe(200);
    expect(response.json<Dashboard>().widgets[0]!.elements[0]).toMatchObject({
      pcNumber: 2,
      useDefaultPcNumber: true,
      buffer: { status: 'OK', pcNumber: 2, interval: 600 },
    });
    const changed = await save('admin', [
      chart('w3', [element('e1', { status: 'CREATE_BUFFER', pcNumber: 2, interval: 900, start: null })]),
    ]);
    expect(changed.statusCode).toBe(200);
    expect(await airBuffers('admin')).toEqual(['2@900', '50@60']);
  });

  it('refuses what the user may not do, naming the element', async () => {
    const tooShort = await save('manager', [
      chart('w4', [element('e1', { status: 'CREATE_BUFFER', pcNumber: 1, interval: 60, start: null })]),
    ]);
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ code: 'BUFFER_INTERVAL_TOO_SHORT' });
    expect(tooShort.json().message).toMatch(/^widgets\.0\.elements\.0\.buffer\.interval: .*300 seconds/);

    const unknownLine = await save('admin', [
      chart('w5', [
        element(
          'e1',
          { status: 'CREATE_BUFFER', pcNumber: 1, interval: 60, start: null },
          { lineNumber: 99 },
        ),
      ]),
    ]);
    expect(unknownLine.statusCode).toBe(400);
    expect(unknownLine.json()).toMatchObject({ code: 'BUFFER_LINE_UNKNOWN' });

    // Another tenant's device does not exist here.
    const foreign = await save('acmeAdmin', [
      chart('w6', [element('e1', { status: 'CREATE_BUFFER', pcNumber: 1, interval: 300, start: null })]),
    ]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'BUFFER_LINE_UNKNOWN' });
  });

  it('keeps buffers away from users without BUFFERS at WRITE, and a widget save creates them too', async () => {
    const acmeOperator = await tokenOf(ctx.app, 'operator', 'Operator123', 'acme');
    const created = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/dashboards/',
        headers: { host: hostOf('acme'), authorization: `Bearer ${acmeOperator}` },
        payload: { name: 'No buffers' },
      })
    ).json<Dashboard>();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/dashboards/widgets',
      headers: { host: hostOf('acme'), authorization: `Bearer ${acmeOperator}` },
      payload: {
        dashboardId: created.id,
        widget: chart('w7', [
          element('e1', { status: 'CREATE_BUFFER', pcNumber: 1, interval: 300, start: null }),
        ]),
      },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BUFFERS_NOT_ALLOWED' });
    expect(refused.json().message).toMatch(/^widget\.elements\.0\.buffer: /);
  });

  it('creates the buffers of an imported dashboard only when asked to', async () => {
    const widgets = [chart('w8', [element('e1', { status: 'OK', pcNumber: 7, interval: 300, start: null })])];
    const plain = await call('POST', '/api/v2/dashboards/import', 'admin', { name: 'Plain', widgets });
    expect(plain.statusCode).toBe(201);
    expect(await airBuffers('admin')).not.toContain('7@300');
    const withBuffers = await call('POST', '/api/v2/dashboards/import', 'admin', {
      name: 'With buffers',
      widgets,
      createBuffers: true,
    });
    expect(withBuffers.statusCode).toBe(201);
    expect(withBuffers.json<Dashboard>().widgets[0]!.elements[0]!.buffer).toMatchObject({
      status: 'OK',
      pcNumber: 7,
    });
    expect(await airBuffers('admin')).toContain('7@300');
  });
});
