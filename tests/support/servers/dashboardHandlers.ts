import * as v from 'valibot';
import { http, HttpResponse } from 'msw';
import {
  Dashboard,
  DashboardCreate,
  DashboardDeleted,
  DashboardGroup,
  DashboardGroupSave,
  DashboardGroupUpdate,
  DashboardImport,
  DashboardRenameQuery,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
  ErrorBody,
  GroupNameValidation,
} from '#contracts';
import { emptyDashboardsList } from '../fixtures/dashboardFixtures';

const error = (statusCode: number, code: string, message: string) =>
  HttpResponse.json(v.parse(ErrorBody, { statusCode, code, error: code, message }), { status: statusCode });

/**
 * The dashboards API over an in-memory list, like the server's rules (SPEC §4): every request parsed by its
 * contract, every answer a contract value. Each call of the factory starts from its own copy of `initial`.
 */
export function dashboardHandlers(initial: DashboardsList = emptyDashboardsList) {
  const state: DashboardsList = structuredClone(initial);
  let nextId = 1;
  const find = (id: string) => state.dashboards.find((d) => d.id === id);
  const full = (d: DashboardSummary) => v.parse(Dashboard, { ...d, widgets: [] });
  /** A new dashboard, last unless ordered; the only favorite when asked or when there is none. */
  const add = (name: string, { favorite = false, order }: { favorite?: boolean; order?: number }) => {
    const created: DashboardSummary = {
      id: `d-created-${nextId++}`,
      name,
      favorite: favorite || !state.dashboards.some((d) => d.favorite),
      order: order ?? state.dashboards.length,
      groupId: null,
      breakpoint: 'lg',
      version: 1,
    };
    if (created.favorite) state.dashboards.forEach((d) => (d.favorite = false));
    state.dashboards.push(created);
    return created;
  };
  const membersOf = (groupId: string) =>
    state.dashboards.filter((d) => d.groupId === groupId).map((d) => d.id);
  const handlers = [
    http.get('*/api/v2/dashboards/', () => HttpResponse.json(v.parse(DashboardsList, state))),
    http.post('*/api/v2/dashboards/', async ({ request }) => {
      const parsed = v.safeParse(DashboardCreate, await request.json());
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      return HttpResponse.json(full(add(parsed.output.name, parsed.output)), { status: 201 });
    }),
    // SPEC §4: the file's id and favorite are not sent; favorite when there is none.
    http.post('*/api/v2/dashboards/import', async ({ request }) => {
      const parsed = v.safeParse(DashboardImport, await request.json());
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      const created = add(parsed.output.name, {});
      return HttpResponse.json(v.parse(Dashboard, { ...created, widgets: parsed.output.widgets }), {
        status: 201,
      });
    }),
    http.get('*/api/v2/dashboards/:id/export', ({ params }) => {
      const found = find(String(params.id));
      if (!found) return error(404, 'NOT_FOUND', 'Dashboard is not found');
      return HttpResponse.json(full(found), {
        headers: { 'content-disposition': `attachment; filename="${found.name}.json"` },
      });
    }),
    http.post('*/api/v2/dashboards/update-sorting-settings', async ({ request }) => {
      const parsed = v.safeParse(DashboardsSorting, await request.json());
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      const { sortData, sortMode, sortDirection } = parsed.output;
      for (const d of state.dashboards) d.order = sortData[d.id]?.order ?? d.order;
      for (const g of state.groups) g.order = sortData[g.id]?.order ?? g.order;
      state.settings = { sortMode, sortDirection };
      return HttpResponse.json(v.parse(DashboardsList, state));
    }),
    http.get('*/api/v2/dashboards/groups/validate/name', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const name = (query.get('name') ?? '').trim().toLowerCase();
      const taken = state.groups.some((g) => g.id !== query.get('id') && g.name.toLowerCase() === name);
      return HttpResponse.json(v.parse(GroupNameValidation, { valid: !taken }));
    }),
    http.post('*/api/v2/dashboards/groups', async ({ request }) => {
      const parsed = v.safeParse(DashboardGroupSave, await request.json());
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      const id = `g-created-${nextId++}`;
      for (const d of state.dashboards) if (parsed.output.dashboardsData.includes(d.id)) d.groupId = id;
      const saved: DashboardGroup = {
        id,
        name: parsed.output.name,
        order: parsed.output.order,
        expanded: parsed.output.expanded ?? false,
        dashboards: membersOf(id),
      };
      state.groups.push(saved);
      return HttpResponse.json(v.parse(DashboardGroup, saved), { status: 201 });
    }),
    http.put('*/api/v2/dashboards/groups', async ({ request }) => {
      const parsed = v.safeParse(DashboardGroupUpdate, await request.json());
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      const existing = state.groups.find((g) => g.id === parsed.output.id);
      if (!existing) return error(404, 'NOT_FOUND', 'Group is not found');
      for (const d of state.dashboards) {
        if (parsed.output.dashboardsData.includes(d.id)) d.groupId = existing.id;
        else if (d.groupId === existing.id) d.groupId = null;
      }
      Object.assign(existing, { name: parsed.output.name, dashboards: membersOf(existing.id) });
      return HttpResponse.json(v.parse(DashboardGroup, existing));
    }),
    http.delete('*/api/v2/dashboards/groups/:id', ({ params }) => {
      state.groups = state.groups.filter((g) => g.id !== params.id);
      for (const d of state.dashboards) if (d.groupId === params.id) d.groupId = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v2/dashboards/:id', ({ params }) => {
      const found = find(String(params.id));
      return found ? HttpResponse.json(full(found)) : error(404, 'NOT_FOUND', 'Dashboard is not found');
    }),
    http.delete('*/api/v2/dashboards/:id', ({ params }) => {
      const found = find(String(params.id));
      if (!found) return error(404, 'NOT_FOUND', 'Dashboard is not found');
      state.dashboards = state.dashboards.filter((d) => d !== found);
      if (found.favorite && state.dashboards[0]) state.dashboards[0].favorite = true;
      const favoriteId = state.dashboards.find((d) => d.favorite)?.id ?? null;
      return HttpResponse.json(v.parse(DashboardDeleted, { id: found.id, favoriteId }));
    }),
    http.post('*/api/v2/dashboards/:id/favorite', ({ params }) => {
      const found = find(String(params.id));
      if (!found) return error(404, 'NOT_FOUND', 'Dashboard is not found');
      state.dashboards.forEach((d) => (d.favorite = d === found));
      return HttpResponse.json(v.parse(DashboardSummary, found));
    }),
    http.post('*/api/v2/dashboards/:id/rename', ({ params, request }) => {
      const parsed = v.safeParse(DashboardRenameQuery, {
        name: new URL(request.url).searchParams.get('name') ?? undefined,
      });
      if (!parsed.success) return error(400, 'BAD_REQUEST', parsed.issues[0].message);
      const found = find(String(params.id));
      if (!found) return error(404, 'NOT_FOUND', 'Dashboard is not found');
      found.name = parsed.output.name;
      return HttpResponse.json(full(found));
    }),
  ];
  return { handlers, state: () => state };
}
