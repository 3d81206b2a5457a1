import * as v from 'valibot';
import {
  Dashboard,
  DashboardsList,
  type DashboardGroup,
  type DashboardSummary,
} from '../../src/services/contracts';

/** A dashboard as listed, parsed by its contract. */
export const summary = (
  id: string,
  name: string,
  extra: Partial<Pick<DashboardSummary, 'favorite' | 'order' | 'groupId'>> = {},
): DashboardSummary => ({
  id,
  name,
  favorite: false,
  order: 0,
  groupId: null,
  breakpoint: 'lg',
  version: 1,
  ...extra,
});

export const group = (id: string, name: string, dashboards: string[], extra: Partial<DashboardGroup> = {}) =>
  ({ id, name, order: 0, expanded: false, dashboards, ...extra }) satisfies DashboardGroup;

/** Three dashboards: Overview (favorite, top level), and Freezers and Chillers in the group Cold rooms. */
export const dashboardsList: DashboardsList = v.parse(DashboardsList, {
  dashboards: [
    summary('d-overview', 'Overview', { favorite: true, order: 1 }),
    summary('d-freezers', 'Freezers', { order: 0, groupId: 'g-cold' }),
    summary('d-chillers', 'Chillers', { order: 1, groupId: 'g-cold' }),
  ],
  groups: [group('g-cold', 'Cold rooms', ['d-freezers', 'd-chillers'], { order: 0 })],
  settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
});

export const emptyDashboardsList: DashboardsList = {
  dashboards: [],
  groups: [],
  settings: { sortMode: 'CUSTOM', sortDirection: 'ASC' },
};

/** A whole dashboard (as create, rename and get answer) from its summary. */
export const fullDashboard = (listed: DashboardSummary): Dashboard =>
  v.parse(Dashboard, { ...listed, widgets: [] });
