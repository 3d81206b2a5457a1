import * as v from 'valibot';
import { Dashboard } from '../../src/services/contracts';

/** The device page the elements of editedDashboard read (as elements address it). */
export const freezerPage = { hexacode: '00A1', department: 1, subDepartment: 0, pageNumber: 1 };
/** The same page as a socket topic. */
export const freezerTopic = {
  kind: 'page' as const,
  hexacode: '00A1',
  department: 1,
  subDepartment: 0,
  page: 1,
};

/** The Overview dashboard as the server stores it (version 3, the favorite), with `widgets`, parsed by its contract. */
export const overviewWith = (widgets: unknown[]): Dashboard =>
  v.parse(Dashboard, {
    id: 'd-overview',
    name: 'Overview',
    favorite: true,
    order: 1,
    groupId: null,
    breakpoint: 'lg',
    version: 3,
    widgets,
  });

/** A dashboard with two LINE widgets side by side on the 12-column grid, parsed by its contract. */
export const editedDashboard: Dashboard = overviewWith([
  {
    id: 'w-1',
    type: 'LINE',
    name: 'Freezer line',
    position: { i: 'w-1', x: 0, y: 0, w: 3, h: 4 },
    elements: [
      { id: 'e-1', ...freezerPage, lineNumber: 1, name: 'Cabinet temperature' },
      { id: 'e-2', ...freezerPage, lineNumber: 2 },
    ],
  },
  {
    id: 'w-2',
    type: 'LINE',
    name: 'Chiller line',
    position: { i: 'w-2', x: 3, y: 0, w: 3, h: 4 },
    elements: [{ id: 'e-3', ...freezerPage, lineNumber: 3 }],
  },
]);

/** The layout of the dashboard as the grid reports it, with optional changes of one widget. */
export const layoutOf = (
  dashboard: Dashboard,
  changes: Record<string, Partial<Record<'x' | 'y' | 'w' | 'h', number>>> = {},
) => dashboard.widgets.map(({ id, position: { x, y, w, h } }) => ({ i: id, x, y, w, h, ...changes[id] }));
