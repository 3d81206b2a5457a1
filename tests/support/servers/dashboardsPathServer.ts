import { http, HttpResponse } from 'msw';
import * as v from 'valibot';
import { vi, expect } from 'vitest';
import { Dashboard, DashboardUpdate, DashboardsList, ErrorBody, type SortSettings } from '#contracts';
import { group, summary } from '../fixtures/dashboardFixtures';
import { dashboardHandlers } from './dashboardHandlers';

/**
 * The server of the dashboards path suite: the in-memory dashboards API (dashboardHandlers) behind a gate that
 * holds every call the dashboards list makes until the path answers it, so the states in between (loading,
 * saving, validating) show on the view and what was sent is on the record.
 */

/** Plant and Overview at the top, Freezers in the group Cold rooms; CUSTOM and NAME orders differ. */
export const pathList: DashboardsList = v.parse(DashboardsList, {
  dashboards: [
    summary('d-overview', 'Overview', { favorite: true, order: 2 }),
    summary('d-plant', 'Plant', { order: 0 }),
    summary('d-freezers', 'Freezers', { order: 0, groupId: 'g-cold' }),
  ],
  groups: [group('g-cold', 'Cold rooms', ['d-freezers'], { order: 1 })],
  settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
});

/** The calls of the dashboards machine, by its actors' names, as they reach the API. */
const CALLS = [
  ['loadDashboards', 'get', '*/api/v2/dashboards/'],
  ['createDashboard', 'post', '*/api/v2/dashboards/'],
  ['saveSorting', 'post', '*/api/v2/dashboards/update-sorting-settings'],
  ['validateGroupName', 'get', '*/api/v2/dashboards/groups/validate/name'],
  ['saveGroup', 'post', '*/api/v2/dashboards/groups'],
  ['saveGroup', 'put', '*/api/v2/dashboards/groups'],
  ['deleteGroup', 'delete', '*/api/v2/dashboards/groups/:id'],
  ['exportDashboard', 'get', '*/api/v2/dashboards/:id/export'],
  ['deleteDashboard', 'delete', '*/api/v2/dashboards/:id'],
  ['favoriteDashboard', 'post', '*/api/v2/dashboards/:id/favorite'],
  ['renameDashboard', 'post', '*/api/v2/dashboards/:id/rename'],
] as const;

export type CallName = (typeof CALLS)[number][0];

/** A request the server received: which call, its address and its JSON body. */
interface SentCall {
  call: CallName;
  method: string;
  url: URL;
  body: unknown;
}

export interface HeldServer {
  /** The stored dashboards, groups and settings as the server keeps them. */
  stored: () => DashboardsList;
  sent: SentCall[];
  /** The call waiting for its answer. */
  held: (SentCall & { answer: (response: Response | undefined) => void }) | null;
}

const failure = () =>
  HttpResponse.json(
    v.parse(ErrorBody, { statusCode: 500, code: 'INTERNAL', error: 'Internal', message: 'Down' }),
    { status: 500 },
  );

/** The handlers (held calls first, then the in-memory API and the editor's save) and the server's record. */
export function heldServer(initial: DashboardsList = pathList) {
  const api = dashboardHandlers(initial);
  const server: HeldServer = { stored: api.state, sent: [], held: null };
  const gates = CALLS.map(([call, method, path]) =>
    http[method](path, async ({ request }) => {
      const text = await request.clone().text();
      const sent = { call, method, url: new URL(request.url), body: text ? JSON.parse(text) : undefined };
      server.sent.push(sent);
      // Nothing returned: the request goes on to the in-memory API behind.
      return new Promise<Response | undefined>((resolve) => (server.held = { ...sent, answer: resolve }));
    }),
  );
  // The dashboard editor's save (SPEC §7), which tells the list the saved name.
  const save = http.put('*/api/v2/dashboards/', async ({ request }) => {
    const update = v.parse(DashboardUpdate, await request.json());
    const stored = api.state().dashboards.find((d) => d.id === update.id)!;
    Object.assign(stored, { name: update.name, version: stored.version + 1 });
    return HttpResponse.json(v.parse(Dashboard, { ...stored, widgets: update.widgets }));
  });
  return { server, handlers: [...gates, save, ...api.handlers] };
}

/** Answers the held `call`: the in-memory API's answer, or a server error. */
export async function answer(server: HeldServer, call: CallName, ok: boolean) {
  await vi.waitFor(() => expect(server.held?.call, `${call} waits for the server`).toBe(call));
  const { answer: respond } = server.held!;
  server.held = null;
  respond(ok ? undefined : failure());
}

/** SPEC §4: CUSTOM by order, NAME by name, either direction (the world's own reading of the rule). */
export function sortedBy<T extends { name: string; order: number }>(items: T[], settings: SortSettings): T[] {
  const sign = settings.sortDirection === 'DESC' ? -1 : 1;
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return [...items].sort(
    (a, b) =>
      sign *
      (settings.sortMode === 'NAME' ? byName(a, b) || a.order - b.order : a.order - b.order || byName(a, b)),
  );
}
