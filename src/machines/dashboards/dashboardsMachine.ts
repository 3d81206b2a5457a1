import type { DashboardsEvent } from './dashboards.events';
import {
  confirmingDelete,
  confirmingGroupDelete,
  deleting,
  deletingGroup,
  exporting,
  favoriting,
  importing,
  reordering,
} from './dashboards.calls';
import { notify } from '../notifications/notify';
import { byId, creating, grouping, renaming, sorting } from './dashboards.dialogs';
import { dashboardNamed, dashboardPath, dashboardsSetup, initialContext } from './dashboards.setup';

export type { DashboardsContext } from './dashboards.setup';

const routeOf = ({ event }: { event: DashboardsEvent }) => ({
  id: (event as Extract<DashboardsEvent, { type: 'dashboards.route' }>).id,
});
const moveOf = ({ event }: { event: DashboardsEvent }) => {
  const { id, to } = event as Extract<DashboardsEvent, { type: 'dashboards.move' }>;
  return { id, to };
};
const selection = ({ context }: { context: { selectedId: string | null } }) => ({
  id: context.selectedId ?? '',
});
type Named = typeof byId | typeof selection;
/** The dashboard or group `named` picks, when the list holds it, is the one `state` works on. */
const targetIn = <State extends string>(state: State, known: 'knownDashboard' | 'knownGroup', named: Named) =>
  ({
    guard: { type: known, params: named },
    target: state,
    actions: { type: 'assignTarget', params: named },
  }) as const;

/**
 * The dashboards list of SPEC §4 (guards and actions: dashboards.setup.ts; the dialogs: dashboards.dialogs.ts):
 * loads the list, then create, rename, delete (confirmed first), favorite, select, reorder, download and import
 * dashboards, the sorting dialog and the group dialog, one at a time.
 */
export const dashboardsMachine = dashboardsSetup.createMachine({
  id: 'dashboards',
  context: initialContext,
  initial: 'loading',
  on: {
    'dashboards.route': { actions: { type: 'assignRoute', params: routeOf } },
  },
  states: {
    loading: {
      description: "The user's dashboards and groups are being fetched for the dashboards menu.",
      invoke: {
        id: 'loadDashboards',
        src: 'loadDashboards',
        onDone: [
          {
            guard: {
              type: 'routeMissing',
              params: ({ context, event }) => ({ id: context.routeId, list: event.output }),
            },
            target: 'loaded',
            actions: [
              { type: 'assignList', params: ({ event }) => ({ list: event.output }) },
              { type: 'redirectToNotFound', params: { message: 'dashboards.notFound' } },
            ],
          },
          {
            target: 'loaded',
            actions: [
              { type: 'assignList', params: ({ event }) => ({ list: event.output }) },
              { type: 'select', params: ({ context }) => ({ id: context.routeId }) },
              'selectFavoriteIfNone',
            ],
          },
        ],
        onError: { target: 'failed', actions: notify('error', 'dashboards.loadFailed') },
      },
    },
    failed: {
      description: 'The dashboards could not be loaded; a notification says so and the user can reload.',
      on: { 'dashboards.reload': 'loading' },
    },
    loaded: {
      description:
        "The dashboards menu lists the user's dashboards and groups; the one on the route is selected.",
      on: {
        'dashboards.saved': {
          actions: { type: 'renameDashboard', params: ({ event }) => ({ dashboard: event.dashboard }) },
        },
        'dashboards.route': [
          {
            guard: { type: 'routeMissing', params: routeOf },
            actions: [
              { type: 'assignRoute', params: routeOf },
              { type: 'redirectToNotFound', params: { message: 'dashboards.notFound' } },
            ],
          },
          // Leaving a dashboard's route keeps it selected (home then redirects back to it).
          { guard: { type: 'noRoute', params: routeOf }, actions: { type: 'assignRoute', params: routeOf } },
          {
            actions: [
              { type: 'assignRoute', params: routeOf },
              { type: 'select', params: routeOf },
            ],
          },
        ],
        'dashboards.group.toggle': {
          guard: { type: 'knownGroup', params: byId },
          actions: { type: 'toggleGroup', params: byId },
        },
      },
      initial: 'idle',
      states: {
        idle: {
          description:
            'The menu is ready: the user selects, creates, renames, deletes, reorders, exports or imports dashboards and manages groups.',
          on: {
            'dashboards.reload': '#dashboards.loading',
            'dashboards.create': {
              target: 'creating',
              actions: { type: 'openPrompt', params: { value: '' } },
            },
            'dashboards.rename': {
              guard: { type: 'knownDashboard', params: byId },
              target: 'renaming',
              actions: [
                { type: 'assignTarget', params: byId },
                {
                  type: 'openPrompt',
                  params: ({ context, event }) => ({ value: dashboardNamed(context, event.id) }),
                },
              ],
            },
            'dashboards.delete': targetIn('confirmingDelete', 'knownDashboard', byId),
            'dashboards.favorite': targetIn('favoriting', 'knownDashboard', byId),
            'dashboards.select': {
              guard: { type: 'knownDashboard', params: byId },
              actions: [
                { type: 'select', params: byId },
                { type: 'navigate', params: ({ event }) => ({ path: dashboardPath(event.id) }) },
              ],
            },
            'dashboards.move': {
              guard: { type: 'movable', params: moveOf },
              target: 'reordering',
              actions: { type: 'moveEntry', params: moveOf },
            },
            'dashboards.export': targetIn('exporting', 'knownDashboard', selection),
            'dashboards.import': 'importing',
            'dashboards.sort': { target: 'sorting', actions: 'openSorting' },
            'dashboards.group.create': {
              target: 'grouping',
              actions: { type: 'openGroup', params: { id: null } },
            },
            'dashboards.group.edit': {
              guard: { type: 'knownGroup', params: byId },
              target: 'grouping',
              actions: { type: 'openGroup', params: byId },
            },
            'dashboards.group.delete': targetIn('confirmingGroupDelete', 'knownGroup', byId),
          },
        },
        creating,
        renaming,
        confirmingDelete,
        deleting,
        favoriting,
        reordering,
        exporting,
        importing,
        sorting,
        grouping,
        confirmingGroupDelete,
        deletingGroup,
      },
    },
  },
});
