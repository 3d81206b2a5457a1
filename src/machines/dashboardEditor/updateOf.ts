import type { Dashboard, DashboardUpdateInput } from '../../services/contracts';

/** The PUT body of a dashboard: the whole dashboard with the version it was loaded at. */
export const updateOf = (dashboard: Dashboard): DashboardUpdateInput => ({
  id: dashboard.id,
  name: dashboard.name,
  widgets: dashboard.widgets,
  breakpoint: dashboard.breakpoint,
  groupId: dashboard.groupId,
  version: dashboard.version,
});
