import { storedWidgets, type DashboardUpdateInput, type OpenedDashboard } from '#contracts';

/** The PUT body of a dashboard: the whole dashboard with the version it was loaded at. */
export const updateOf = (dashboard: OpenedDashboard): DashboardUpdateInput => ({
  id: dashboard.id,
  name: dashboard.name,
  widgets: storedWidgets(dashboard.widgets),
  breakpoint: dashboard.breakpoint,
  groupId: dashboard.groupId,
  version: dashboard.version,
});
