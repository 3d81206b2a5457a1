import { expect, it } from 'vitest';
import type { Dashboard, DashboardsList } from '#contracts';
import { describeEachBackend } from '../../testing/backends';
import { hostOf } from '../../testing/app';
import { useDashboardsApp } from './testing';

const element = (id: string, hexacode: string) => ({ id, hexacode, rawHexacode: hexacode, department: 1 });
const widget = (id: string, x: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'LINE',
  name: `Widget ${id}`,
  position: { i: id, x, y: 0, w: 3, h: 4 },
  elements: [element(`${id}-1`, '0A0B0C')],
  ...extra,
});

describeEachBackend('dashboard import', (backend) => {
  const { ctx, call } = useDashboardsApp(backend);
  const importing = (payload: object, who = 'operator') =>
    call('POST', '/api/v2/dashboards/import', payload, who);
  const list = async (who = 'operator') =>
    (await call('GET', '/api/v2/dashboards/', undefined, who)).json<DashboardsList>();

  it('creates the dashboard with the widgets under new ids, favorite when the user has none', async () => {
    const response = await importing({
      id: 'ignored',
      favorite: false,
      name: '  Shared  ',
      widgets: [
        widget('w-1', 0),
        widget('w-2', 3, { elements: [element('e', 'A1B2C3'), element('f', 'A1B2C3')] }),
      ],
      createBuffers: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const imported = response.json<Dashboard>();
    expect(imported).toMatchObject({ name: 'Shared', favorite: true, order: 0, groupId: null, version: 1 });
    expect(imported.widgets.map((w) => w.name)).toEqual(['Widget w-1', 'Widget w-2']);
    const ids = imported.widgets.flatMap((w) => [w.id, ...w.elements.map((e) => e.id)]);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain('w-1');
    for (const w of imported.widgets) expect(w.position.i).toBe(w.id);
    expect(imported.widgets[1]!.elements.map((e) => e.hexacode)).toEqual(['A1B2C3', 'A1B2C3']);
    expect((await call('GET', `/api/v2/dashboards/${imported.id}`)).json()).toEqual(imported);

    // With a favorite already, the next one is not; it goes last.
    const second = (await importing({ name: 'Second', widgets: [] })).json<Dashboard>();
    expect(second).toMatchObject({ favorite: false, order: 1 });
    expect((await list()).dashboards.filter((d) => d.favorite).map((d) => d.id)).toEqual([imported.id]);
  });

  it('answers 400 naming what is wrong in the document', async () => {
    const cases: [object, RegExp][] = [
      [{ widgets: [] }, /^name: Name is required/],
      [{ name: ' ', widgets: [] }, /^name: Name is required/],
      [{ name: 'X' }, /^widgets: /],
      [
        { name: 'X', widgets: [widget('a', 0, { type: 'NOT_A_TYPE' })] },
        /^widgets\.0\.type: select a widget type/,
      ],
      [
        { name: 'X', widgets: [widget('a', 0), widget('b', 2)] },
        /^widgets\.1\.position: widget "Widget b" overlaps/,
      ],
      [{ name: 'X', widgets: [], createBuffers: 'yes' }, /^createBuffers: /],
    ];
    const before = (await list('admin')).dashboards.length;
    for (const [payload, message] of cases) {
      const response = await importing(payload, 'admin');
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect((await list('admin')).dashboards).toHaveLength(before);
  });

  it("keeps the imported dashboard the importer's: another user or tenant cannot see it", async () => {
    const mine = (await importing({ name: 'Private import', widgets: [widget('p', 0)] })).json<Dashboard>();
    for (const who of ['admin', 'acme']) {
      expect((await call('GET', `/api/v2/dashboards/${mine.id}`, undefined, who)).statusCode).toBe(404);
      expect((await list(who)).dashboards.map((d) => d.id)).not.toContain(mine.id);
    }
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/dashboards/import',
      headers: { host: hostOf('demo') },
      payload: { name: 'X', widgets: [] },
    });
    expect(response.statusCode).toBe(401);
  });
});
