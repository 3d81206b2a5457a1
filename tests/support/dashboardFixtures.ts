import * as v from 'valibot';
import { Dashboard, DashboardsList, type DashboardGroup, type DashboardSummary } from '#contracts';

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

const element = (id: string, hexacode: string, department: number, subDepartment: number) => ({
  id,
  hexacode,
  rawHexacode: hexacode,
  department,
  subDepartment,
  pageNumber: 1,
  lineNumber: 1,
});

/**
 * An exported dashboard (the import file): one LINE widget reading the fixture tree's Cold room (0A0B0C,
 * departments 1 and 2, twice department 1) and a device the user does not have (FFEE01, department 3.1).
 */
export const exportedDashboard: Dashboard = v.parse(Dashboard, {
  ...summary('d-elsewhere', 'Shared temperatures', { favorite: true, order: 4 }),
  widgets: [
    {
      id: 'w-temps',
      type: 'LINE',
      name: 'Temperatures',
      position: { i: 'w-temps', x: 0, y: 0, w: 3, h: 4 },
      elements: [
        element('e-room', '0A0B0C', 1, 0),
        element('e-room-2', '0A0B0C', 1, 0),
        element('e-freezer', '0A0B0C', 2, 0),
        element('e-far', 'FFEE01', 3, 1),
      ],
    },
  ],
});
