import type { Dashboard, DashboardsList, WidgetPosition } from '#contracts';
import { apiRequest } from './api';
import { apiToken } from './pathSession';

/** A signed-in API client of `username` in `tenant`, for the state a test starts from. */
export async function apiClient(tenant: string, username: string, password: string) {
  const token = await apiToken(tenant, username, password);
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const response = await apiRequest(tenant, path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${response.body}`);
    return (response.body ? JSON.parse(response.body) : undefined) as T;
  };
  const dashboardNamed = async (name: string) => {
    const { dashboards } = await call<DashboardsList>('GET', '/api/v2/dashboards/');
    const summary = dashboards.find((dashboard) => dashboard.name === name);
    if (!summary) throw new Error(`no dashboard ${name}`);
    return call<Dashboard>('GET', `/api/v2/dashboards/${summary.id}`);
  };
  return {
    call,
    dashboardNamed,
    /**
     * A new dashboard of copies of widgets of the user's dashboards (`from`: dashboard and widget name), at
     * the given positions of the 12-column grid.
     */
    async dashboardOf(
      name: string,
      widgets: { from: [dashboard: string, widget: string]; at: Omit<WidgetPosition, 'i'> }[],
    ): Promise<Dashboard> {
      const created = await call<Dashboard>('POST', '/api/v2/dashboards/', { name });
      const copies = [];
      for (const [index, { from, at }] of widgets.entries()) {
        const source = (await dashboardNamed(from[0])).widgets.find((widget) => widget.name === from[1]);
        if (!source) throw new Error(`no widget ${from[1]} on ${from[0]}`);
        const id = `${created.id}-${index}`;
        copies.push({ ...source, id, position: { ...at, i: id } });
      }
      return call<Dashboard>('PUT', '/api/v2/dashboards/', { ...created, widgets: copies });
    },
  };
}
