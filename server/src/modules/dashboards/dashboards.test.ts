import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Dashboard, DashboardsList } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf } from '../../testing/app';
import { exportFileName } from './service';
import { useDashboardsApp } from './testing';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const widget = (id: string, type: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  name: `Widget ${id}`,
  position: { i: id, x, y, w: 3, h: 4 },
  ...extra,
});

describeEachBackend('dashboards', (backend) => {
  const { ctx, call } = useDashboardsApp(backend);
  const create = async (name: string, who = 'operator', extra: object = {}) => {
    const response = await call('POST', '/api/v2/dashboards/', { name, ...extra }, who);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Dashboard>();
  };
  const list = async (who = 'operator') =>
    (await call('GET', '/api/v2/dashboards/', undefined, who)).json<DashboardsList>();
  const favorites = async (who = 'operator') =>
    (await list(who)).dashboards.filter((d) => d.favorite).map((d) => d.id);
  const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

  it('keeps orders within their range: one after the last allowed order stays at it', async () => {
    const past = await call('POST', '/api/v2/dashboards/', { name: 'Too far', order: 2_147_483_647 }, 'acme');
    expect(past.statusCode).toBe(400);
    expect(messageOf(past)).toMatch(/^order: /);
    const last = await create('Last', 'acme', { order: 1_000_000 });
    expect(last.order).toBe(1_000_000);
    const next = await create('Next', 'acme');
    expect(next.order).toBe(1_000_000);
    const imported = await call(
      'POST',
      '/api/v2/dashboards/import',
      { name: 'Imported', widgets: [] },
      'acme',
    );
    expect(imported.statusCode).toBe(201);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({ url: '/api/v2/dashboards/', headers: { host: hostOf('demo') } });
    expect(response.statusCode).toBe(401);
  });

  it('creates dashboards: the first becomes favorite, exactly one favorite after each change', async () => {
    const first = await create('  Morning  ', 'admin');
    expect(first).toMatchObject({
      name: 'Morning',
      favorite: true,
      order: 0,
      groupId: null,
      widgets: [],
      version: 1,
    });
    expect(first.id).toMatch(/[0-9a-f-]{36}/);
    const second = await create('Evening', 'admin');
    expect(second).toMatchObject({ favorite: false, order: 1 });
    expect(await favorites('admin')).toEqual([first.id]);
    const third = await create('Night', 'admin', { favorite: true, order: 5 });
    expect(third).toMatchObject({ favorite: true, order: 5 });
    expect(await favorites('admin')).toEqual([third.id]);

    const favorite = await call('POST', `/api/v2/dashboards/${second.id}/favorite`, undefined, 'admin');
    expect(favorite.statusCode).toBe(200);
    expect(await favorites('admin')).toEqual([second.id]);

    // Deleting the favorite makes the first by order the favorite.
    const deleted = await call('DELETE', `/api/v2/dashboards/${second.id}`, undefined, 'admin');
    expect(deleted.json()).toEqual({ id: second.id, favoriteId: first.id });
    expect(await favorites('admin')).toEqual([first.id]);
    // Deleting another keeps the favorite.
    expect((await call('DELETE', `/api/v2/dashboards/${third.id}`, undefined, 'admin')).json()).toEqual({
      id: third.id,
      favoriteId: first.id,
    });
    await call('DELETE', `/api/v2/dashboards/${first.id}`, undefined, 'admin');
    expect(await favorites('admin')).toEqual([]);
    expect((await create('Again', 'admin')).favorite).toBe(true);
  });

  it('refuses a missing or blank name', async () => {
    for (const payload of [{}, { name: '   ' }]) {
      const response = await call('POST', '/api/v2/dashboards/', payload);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe('name: Name is required');
    }
    const long = await call('POST', '/api/v2/dashboards/', { name: 'x'.repeat(121) });
    expect(messageOf(long)).toMatch(/^name: Name must be at most 120/);
  });

  it('lists without widgets, loads with widgets, with the sort settings', async () => {
    const dashboard = await create('Listed');
    const body = await list();
    const listed = body.dashboards.find((d) => d.id === dashboard.id)!;
    expect(listed).not.toHaveProperty('widgets');
    expect(body.settings).toEqual({ sortMode: 'CUSTOM', sortDirection: 'ASC' });
    const loaded = await call('GET', `/api/v2/dashboards/${dashboard.id}`);
    expect(loaded.json()).toEqual(dashboard);
  });

  it('saves the whole dashboard with defaults filled in, bumps the version and detects a stale copy', async () => {
    const dashboard = await create('Editing');
    const save = (version: number, widgets: unknown[]) =>
      call('PUT', '/api/v2/dashboards/', {
        id: dashboard.id,
        name: 'Edited',
        widgets,
        breakpoint: 'lg',
        groupId: null,
        version,
      });
    const saved = await save(1, [widget('a', 'CARD_CHART', 0, 0), widget('b', 'BAR_CHART', 3, 0)]);
    expect(saved.statusCode, saved.body).toBe(200);
    const body = saved.json<Dashboard>();
    expect(body.version).toBe(2);
    expect(body.name).toBe('Edited');
    expect(body.widgets[0]).toMatchObject({
      interval: { type: 'LAST_7_DAYS' },
      dataPresentation: 'COLUMNS',
      collapseOn: 'NONE',
      pageLength: 10,
      timestampsIndex: -1,
      min: 0,
      max: 1,
    });
    expect(body.widgets[1]).toMatchObject({
      interval: { type: 'LAST_24_HOURS' },
      mode: 'VERTICAL',
      sorting: 'NONE',
    });

    // A second tab still at version 1.
    const stale = await save(1, []);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'DASHBOARD_VERSION_CONFLICT', currentVersion: 2 });
    expect((await call('GET', `/api/v2/dashboards/${dashboard.id}`)).json<Dashboard>().widgets).toHaveLength(
      2,
    );
    expect((await save(2, [])).json<Dashboard>().version).toBe(3);
  });

  it('answers 400 naming what is wrong in a dashboard document', async () => {
    const dashboard = await create('Invalid');
    const cases: [unknown[], RegExp][] = [
      [
        [
          widget('a', 'LINE', 0, 0),
          widget('b', 'LINE', 3, 0),
          { ...widget('c', 'LINE', 6, 0), position: { i: 'c', x: 6, y: 0, w: 1, h: 4 } },
        ],
        /^widgets\.2\.position\.w: must be at least 2/,
      ],
      [
        [{ ...widget('a', 'LINE', 0, 0), position: { i: 'a', x: 0, y: 0, w: 3, h: 2 } }],
        /^widgets\.0\.position\.h: must be at least 3/,
      ],
      [[widget('a', 'LINE', 10, 0)], /^widgets\.0\.position\.w: must fit the 12 columns/],
      [[widget('a', 'NOT_A_TYPE', 0, 0)], /^widgets\.0\.type: select a widget type/],
      [[{ ...widget('a', 'LINE', 0, 0), name: ' ' }], /^widgets\.0\.name: Name is required/],
      [[widget('a', 'BAR_CHART', 0, 0, { mode: 'DIAGONAL' })], /^widgets\.0\.mode: /],
      [
        [widget('a', 'LINE', 0, 0), widget('b', 'PAGE', 2, 3)],
        /^widgets\.1\.position: widget "Widget b" overlaps widget "Widget a"/,
      ],
      [[widget('a', 'LINE', 0, 0), widget('a', 'PAGE', 6, 0)], /^widgets\.1\.id: /],
    ];
    for (const [widgets, message] of cases) {
      const response = await call('PUT', '/api/v2/dashboards/', {
        id: dashboard.id,
        name: 'X',
        widgets,
        version: 1,
      });
      expect(response.statusCode, JSON.stringify(widgets)).toBe(400);
      expect(messageOf(response)).toMatch(message);
    }
    expect((await call('GET', `/api/v2/dashboards/${dashboard.id}`)).json<Dashboard>().version).toBe(1);
  });

  it("keeps another user's and another tenant's dashboards unreachable (404)", async () => {
    const mine = await create('Private');
    const probes: [Method, string, unknown?][] = [
      ['GET', `/api/v2/dashboards/${mine.id}`],
      ['GET', `/api/v2/dashboards/${mine.id}/export`],
      ['DELETE', `/api/v2/dashboards/${mine.id}`],
      ['POST', `/api/v2/dashboards/${mine.id}/favorite`],
      ['POST', `/api/v2/dashboards/${mine.id}/rename?name=Taken`],
      ['PUT', '/api/v2/dashboards/', { id: mine.id, name: 'Taken', widgets: [], version: 1 }],
      ['POST', '/api/v2/dashboards/widgets', { dashboardId: mine.id, widget: widget('z', 'LINE', 0, 0) }],
      ['POST', '/api/v2/dashboards/groups', { name: 'Steal', dashboardsData: [mine.id] }],
    ];
    for (const who of ['admin', 'acme']) {
      for (const [method, url, payload] of probes) {
        const response = await call(method, url, payload, who);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(404);
      }
      expect((await list(who)).dashboards.map((d) => d.id)).not.toContain(mine.id);
    }
    expect((await call('GET', '/api/v2/dashboards/not-a-uuid')).statusCode).toBe(404);
    expect((await call('GET', `/api/v2/dashboards/${mine.id}`)).json()).toEqual(mine);
  });

  it('renames, requiring a name', async () => {
    const dashboard = await create('Old name');
    const renamed = await call(
      'POST',
      `/api/v2/dashboards/${dashboard.id}/rename?name=${encodeURIComponent(' New name ')}`,
    );
    expect(renamed.json()).toMatchObject({ name: 'New name', version: 2 });
    const blank = await call('POST', `/api/v2/dashboards/${dashboard.id}/rename?name=`);
    expect(blank.statusCode).toBe(400);
    expect(messageOf(blank)).toBe('name: Name is required');
  });

  describe('groups', () => {
    it('creates, updates (removed dashboards back to the top level) and deletes groups', async () => {
      const [a, b, c] = [await create('G-a'), await create('G-b'), await create('G-c')];
      const created = await call('POST', '/api/v2/dashboards/groups', {
        name: 'Stores',
        order: 2,
        dashboardsData: [a.id, b.id],
      });
      expect(created.statusCode, created.body).toBe(201);
      const group = created.json<{ id: string }>();
      expect(group).toMatchObject({ name: 'Stores', order: 2, expanded: false, dashboards: [a.id, b.id] });

      const updated = await call('PUT', '/api/v2/dashboards/groups', {
        id: group.id,
        name: 'Stores',
        order: 2,
        dashboardsData: [b.id, c.id],
        expanded: true,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ expanded: true, dashboards: [b.id, c.id] });
      const groupOf = async (id: string) => (await list()).dashboards.find((d) => d.id === id)!.groupId;
      expect(await groupOf(a.id)).toBeNull();
      expect(await groupOf(c.id)).toBe(group.id);
      expect((await list()).groups).toContainEqual(
        expect.objectContaining({ id: group.id, dashboards: [b.id, c.id] }),
      );

      const taken = await call('POST', '/api/v2/dashboards/groups', { name: 'STORES', dashboardsData: [] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('DASHBOARD_GROUP_NAME_TAKEN');

      expect((await call('DELETE', `/api/v2/dashboards/groups/${group.id}`)).statusCode).toBe(204);
      expect(await groupOf(b.id)).toBeNull();
      expect(await groupOf(c.id)).toBeNull();
      expect((await list()).groups.map((g) => g.id)).not.toContain(group.id);
      expect((await call('DELETE', `/api/v2/dashboards/groups/${group.id}`)).statusCode).toBe(404);
    });

    it('validates group names: unique per user, case-insensitive, excluding the group itself', async () => {
      const group = (
        await call('POST', '/api/v2/dashboards/groups', { name: 'Bakery', dashboardsData: [] })
      ).json<{ id: string }>();
      const valid = async (query: string, who = 'operator') =>
        (await call('GET', `/api/v2/dashboards/groups/validate/name?${query}`, undefined, who)).json<{
          valid: boolean;
        }>().valid;
      expect(await valid('name=bakery')).toBe(false);
      expect(await valid(`name=BAKERY&id=${group.id}`)).toBe(true);
      expect(await valid('name=Dairy')).toBe(true);
      expect(await valid('name=Bakery', 'admin')).toBe(true);
      expect(await valid('name=Bakery', 'acme')).toBe(true);
      expect(await valid('name=%20')).toBe(false);
      const blank = await call('POST', '/api/v2/dashboards/groups', { name: '', dashboardsData: [] });
      expect(messageOf(blank)).toBe('name: Name is required');
    });
  });

  it('stores orders of dashboards and groups and the sort settings', async () => {
    const d = await create('Sorted');
    const g = (
      await call('POST', '/api/v2/dashboards/groups', { name: 'Sorted group', dashboardsData: [] })
    ).json<{ id: string }>();
    const response = await call('POST', '/api/v2/dashboards/update-sorting-settings', {
      sortData: {
        [d.id]: { order: 42, group: false },
        [g.id]: { order: 7, group: true },
        'gone-id': { order: 1, group: false },
      },
      sortMode: 'NAME',
      sortDirection: 'DESC',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<DashboardsList>();
    expect(body.settings).toEqual({ sortMode: 'NAME', sortDirection: 'DESC' });
    expect(body.dashboards.find((x) => x.id === d.id)!.order).toBe(42);
    expect(body.groups.find((x) => x.id === g.id)!.order).toBe(7);
    const account = await call('GET', '/api/v2/account/settings');
    expect(account.json().dashboardsSettings).toEqual({ sortMode: 'NAME', sortDirection: 'DESC' });
  });

  it('adds and replaces one widget, refusing overlaps and stale versions', async () => {
    const dashboard = await create('Widgets');
    const add = (w: unknown, version?: number) =>
      call('POST', '/api/v2/dashboards/widgets', {
        dashboardId: dashboard.id,
        widget: w,
        ...(version ? { version } : {}),
      });
    expect((await add(widget('t', 'TABLE', 0, 0))).json<Dashboard>().widgets).toHaveLength(1);
    const replaced = await add(widget('t', 'PICTOGRAPH', 0, 0, { elements: [{ id: 'e1' }] }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<Dashboard>()).toMatchObject({
      version: 3,
      widgets: [{ type: 'PICTOGRAPH', elements: [{ icon: 'fan' }] }],
    });
    const overlapping = await add(widget('u', 'LINE', 1, 1));
    expect(overlapping.statusCode).toBe(400);
    expect(messageOf(overlapping)).toMatch(/widget "Widget u" overlaps widget "Widget t"/);
    const untyped = await add({ ...widget('v', 'LINE', 6, 0), type: undefined });
    expect(messageOf(untyped)).toBe('widget.type: select a widget type');
    const stale = await add(widget('w', 'LINE', 6, 0), 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().currentVersion).toBe(3);
  });

  it('saves annotations of a widget: label required, default red, end after start', async () => {
    const dashboard = await create('Annotated');
    await call('POST', '/api/v2/dashboards/widgets', {
      dashboardId: dashboard.id,
      widget: widget('c', 'LINE_CHART', 0, 0),
    });
    const url = `/api/v2/dashboards/widgets/mark-area-elements?dashboard=${dashboard.id}&widget=c`;
    const saved = await call('POST', url, [
      { name: ' Defrost ', startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-01T01:00:00Z' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      expect.objectContaining({ name: 'Defrost', color: '#FF0000FF', id: expect.any(String) }),
    ]);
    const loaded = (await call('GET', `/api/v2/dashboards/${dashboard.id}`)).json<Dashboard>();
    expect(loaded.widgets[0]!.markAreaElements).toEqual(saved.json());
    const backwards = await call('POST', url, [
      { name: 'x', startDate: '2026-01-02T00:00:00Z', endDate: '2026-01-01T00:00:00Z' },
    ]);
    expect(backwards.statusCode).toBe(400);
    expect(messageOf(backwards)).toMatch(/^0\.endDate: End date value must be after/);
    expect(
      messageOf(
        await call('POST', url, [
          { name: ' ', startDate: '2026-01-01T00:00:00Z', endDate: '2026-01-02T00:00:00Z' },
        ]),
      ),
    ).toBe('0.name: Label is required');
    const noWidget = await call(
      'POST',
      `/api/v2/dashboards/widgets/mark-area-elements?dashboard=${dashboard.id}&widget=zz`,
      [],
    );
    expect(noWidget.statusCode).toBe(404);
  });

  it('exports the dashboard as a JSON attachment named after it', async () => {
    const dashboard = await create('Store 7 / "Cold" room');
    const response = await call('GET', `/api/v2/dashboards/${dashboard.id}/export`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Store 7 _ _Cold_ room.json"; filename*=UTF-8''Store%207%20_%20_Cold_%20room.json`,
    );
    expect(response.json()).toEqual(dashboard);
    expect(exportFileName('Kühlraum')).toBe('Kuhlraum.json');
    expect(exportFileName('../..')).toBe('dashboard.json');
  });
});
