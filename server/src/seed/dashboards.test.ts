import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Dashboard, DashboardUpdate, type DashboardsList, WIDGET_TYPES } from '#contracts';
import { loadAdfs, type AdfRegistry } from '../gateway/adf/loader';
import { checkLayout } from '../modules/dashboards/layout';
import { demoFleet } from '../simulator/fleet';
import { describeEachBackend } from '../testing/backends';
import { demoTotpAt, hostOf, login, tokenOf, useTestApp } from '../testing/app';
import { buffers, dashboards, tenants } from '../db/schema';
import { seedDemo } from '.';

const HISTORICAL = ['LINE_CHART', 'MULTIPLE_Y_CHART', 'MULTIGRID_CHART', 'COLLAPSABLE_TABLE'];
const USERS = [
  ['admin', 'Admin123'],
  ['operator', 'Operator123'],
  ['secure', 'Secure123'],
] as const;

describeEachBackend('demo seed dashboards', (backend) => {
  const ctx = useTestApp(backend, { demoDashboards: true });
  let adfs: AdfRegistry;
  beforeAll(async () => {
    adfs = await loadAdfs();
  });

  const tokenFor = async (tenant: string, username: string, password: string) => {
    if (username !== 'secure') return tokenOf(ctx.app, username, password, tenant);
    const response = await login(
      ctx.app,
      { username, password, type: 'DOMAIN_MFA', mfaCode: await demoTotpAt(ctx.clock) },
      tenant,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ token: { id: string } }>().token.id;
  };

  /** The department of a fleet device exists and its ADF has the line. */
  const lineExists = (tenant: string, e: Dashboard['widgets'][number]['elements'][number]) => {
    const device = demoFleet.devices.find((d) => d.tenant === tenant && d.hexacode === e.hexacode);
    if (!device || e.rawHexacode !== e.hexacode) return false;
    const key = `${e.department}.${e.subDepartment}`;
    if (device.departments && !device.departments.includes(key)) return false;
    const kind = adfs.get(device.model)?.kindOf(e.department!, e.subDepartment!);
    return kind?.line(e.pageNumber!, e.lineNumber!) !== undefined;
  };

  /** The element's buffer says OK and exists: the demo's, PC number 1. */
  const bufferOf = async (tenant: string, e: Dashboard['widgets'][number]['elements'][number]) => {
    if (e.buffer?.status !== 'OK' || e.buffer.pcNumber !== 1) return false;
    const rows = await ctx.handle.db
      .select({ id: buffers.id })
      .from(buffers)
      .innerJoin(tenants, eq(tenants.id, buffers.tenantId))
      .where(
        and(
          eq(tenants.name, tenant),
          eq(buffers.hexacode, e.hexacode!),
          eq(buffers.department, e.department!),
          eq(buffers.subDepartment, e.subDepartment!),
          eq(buffers.page, e.pageNumber!),
          eq(buffers.line, e.lineNumber!),
          eq(buffers.pcNumber, 1),
        ),
      );
    return rows.length === 1;
  };

  for (const tenant of ['demo', 'acme']) {
    describe(tenant, () => {
      for (const [username, password] of USERS) {
        it(`${username} starts with valid dashboards showing every widget type on real lines`, async () => {
          const token = await tokenFor(tenant, username, password);
          const get = (url: string) =>
            ctx.app.inject({ url, headers: { host: hostOf(tenant), authorization: `Bearer ${token}` } });
          const list = (await get('/api/v2/dashboards/')).json<DashboardsList>();
          expect(list.dashboards.map((d) => d.name)).toContain('Last weeks');
          expect(list.dashboards.length).toBe(4);
          expect(list.dashboards.filter((d) => d.favorite)).toHaveLength(1);
          expect(list.groups.map((g) => g.name)).toEqual(['Stores']);
          expect(list.groups[0]!.dashboards.length).toBeGreaterThan(0);
          expect(list.dashboards.some((d) => d.groupId === null)).toBe(true);

          const types = new Set<string>();
          for (const summary of list.dashboards) {
            const response = await get(`/api/v2/dashboards/${summary.id}`);
            expect(response.statusCode).toBe(200);
            const body = response.json<Dashboard>();
            // What GET answers is a valid dashboard, and the PUT contract accepts it back unchanged.
            const loaded = v.parse(Dashboard, body);
            expect(loaded).toEqual(body);
            const update = v.parse(DashboardUpdate, body);
            expect(update.widgets).toEqual(body.widgets);
            expect(() => checkLayout(update.widgets)).not.toThrow();
            expect(body.widgets.length).toBeGreaterThan(0);
            for (const widget of body.widgets) {
              types.add(widget.type);
              expect(widget.name.trim()).not.toBe('');
              expect(widget.position.i).toBe(widget.id);
              expect(widget.elements.length).toBeGreaterThan(0);
              for (const element of widget.elements) {
                expect(lineExists(tenant, element), `${widget.name}: ${JSON.stringify(element)}`).toBe(true);
                // Named like the widget element dialog names them: the line, and its device and department.
                expect(element.dataName, widget.name).toEqual(expect.any(String));
                expect(element.label, widget.name).toEqual(expect.any(String));
                // A historical widget reads the demo's buffer of its line.
                if (HISTORICAL.includes(widget.type)) expect(await bufferOf(tenant, element)).toBe(true);
              }
            }
          }
          expect([...types].sort()).toEqual([...WIDGET_TYPES].sort());
        });
      }
    });
  }

  it('seeds once: a second run adds nothing', async () => {
    const count = async () => (await ctx.handle.db.select({ id: dashboards.id }).from(dashboards)).length;
    const before = await count();
    expect(before).toBe(2 * USERS.length * 4);
    expect(await seedDemo(ctx.handle.db)).toBe(false);
    expect(await count()).toBe(before);
  });
});
