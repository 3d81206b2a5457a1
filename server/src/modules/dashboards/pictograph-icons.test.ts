import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Dashboard, DashboardsList } from '#contracts';
import { dashboards } from '../../db/schema';
import { hostOf, tokenOf, useTestApp } from '../../testing/app';
import { describeEachBackend } from '../../testing/backends';

/** Names a plain-object lookup finds on Object.prototype: the icon registry must know them as unknown. */
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString'];

const pictograph = (id: string, icon: string) => ({
  id,
  type: 'PICTOGRAPH',
  name: `Pictograph ${id}`,
  position: { i: id, x: 0, y: 0, w: 3, h: 4 },
  elements: [
    { id: `${id}-fan`, icon: 'fan' },
    { id: `${id}-bad`, icon },
  ],
});

describeEachBackend('pictograph icon names', (backend) => {
  const ctx = useTestApp(backend, { demoDashboards: true });
  let token = '';
  beforeAll(async () => {
    token = await tokenOf(ctx.app, 'operator', 'Operator123');
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: hostOf('demo'), authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  const create = async (name: string) =>
    (await call('POST', '/api/v2/dashboards/', { name })).json<Dashboard>();
  const expectRefused = async (response: Awaited<ReturnType<typeof call>>, path: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `${path}: Unknown pictograph icon`,
    });
  };

  it('refuses a dashboard save, a widget save and an import naming an icon the registry lacks', async () => {
    const dashboard = await create('Icons');
    for (const icon of PROTOTYPE_NAMES) {
      const widgets = [pictograph('p', icon)];
      await expectRefused(
        await call('PUT', '/api/v2/dashboards/', { id: dashboard.id, name: 'Icons', widgets, version: 1 }),
        'widgets.0.elements.1.icon',
      );
      await expectRefused(
        await call('POST', '/api/v2/dashboards/widgets', { dashboardId: dashboard.id, widget: widgets[0] }),
        'widget.elements.1.icon',
      );
      await expectRefused(
        await call('POST', '/api/v2/dashboards/import', { name: 'Imported', widgets }),
        'widgets.0.elements.1.icon',
      );
    }
    const stored = (await call('GET', `/api/v2/dashboards/${dashboard.id}`)).json<Dashboard>();
    expect(stored).toMatchObject({ version: 1, widgets: [] });
    const names = (await call('GET', '/api/v2/dashboards/'))
      .json<DashboardsList>()
      .dashboards.map((d) => d.name);
    expect(names).not.toContain('Imported');
  });

  it('accepts every icon of the registry and defaults a missing one to the fan', async () => {
    const dashboard = await create('Known icons');
    const widget = { ...pictograph('k', 'box-7'), elements: [{ id: 'k-1', icon: 'box-7' }, { id: 'k-2' }] };
    const response = await call('POST', '/api/v2/dashboards/widgets', { dashboardId: dashboard.id, widget });
    expect(response.statusCode, response.body).toBe(200);
    const icons = response
      .json<Dashboard>()
      .widgets.flatMap((w) => w.elements.map((e) => 'icon' in e && e.icon));
    expect(icons).toEqual(['box-7', 'fan']);
  });

  it('still serves a dashboard stored with such a name before the rule, and the seeded ones save back unchanged', async () => {
    const dashboard = await create('Stored before');
    await ctx.handle.db
      .update(dashboards)
      .set({ widgets: [pictograph('old', 'constructor')] as never })
      .where(eq(dashboards.id, dashboard.id));
    const old = await call('GET', `/api/v2/dashboards/${dashboard.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<Dashboard>().widgets[0]!.elements[1]).toMatchObject({ icon: 'constructor' });

    const seeded = (await call('GET', '/api/v2/dashboards/')).json<DashboardsList>().dashboards;
    expect(seeded.length).toBeGreaterThan(1);
    for (const { id } of seeded.filter((d) => d.id !== dashboard.id)) {
      const loaded = (await call('GET', `/api/v2/dashboards/${id}`)).json<Dashboard>();
      const saved = await call('PUT', '/api/v2/dashboards/', loaded);
      expect(saved.statusCode, `${loaded.name}: ${saved.body}`).toBe(200);
      expect(saved.json<Dashboard>().widgets).toEqual(loaded.widgets);
    }
  });
});
