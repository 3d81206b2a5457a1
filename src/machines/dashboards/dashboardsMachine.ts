import type { DashboardGroupSaveInput } from '../../services/api';
import type { DashboardsEvent } from './dashboards.events';
import {
  dashboardNamed,
  dashboardPath,
  dashboardsSetup,
  initialContext,
  type DashboardsContext,
} from './dashboards.setup';
import { nextOrder, sortingPayload } from './dashboardsModel';

export type { DashboardsContext } from './dashboards.setup';

type ById = Extract<DashboardsEvent, { id: string }>;
const byId = ({ event }: { event: DashboardsEvent }) => ({ id: (event as ById).id });
const routeOf = ({ event }: { event: DashboardsEvent }) => ({
  id: (event as Extract<DashboardsEvent, { type: 'dashboards.route' }>).id,
});
const named = (context: DashboardsContext) => ({ name: dashboardNamed(context, context.targetId) });

/** What the group dialog saves: a new group goes last; an existing one keeps its order and expanded state. */
function groupSave(context: DashboardsContext): DashboardGroupSaveInput {
  const { id, name, dashboardIds } = context.group;
  const existing = context.groups.find((g) => g.id === id);
  return existing
    ? {
        id: existing.id,
        name: name.trim(),
        order: existing.order,
        expanded: existing.expanded,
        dashboardsData: dashboardIds,
      }
    : { name: name.trim(), order: nextOrder(context), dashboardsData: dashboardIds };
}

/**
 * The dashboards list of SPEC §4 (guards and actions: dashboards.setup.ts): loads the list, then create,
 * rename, delete, favorite and select dashboards, the sorting dialog and the group dialog, one at a time.
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
        onError: {
          target: 'failed',
          actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.loadFailed' } },
        },
      },
    },
    failed: { on: { 'dashboards.reload': 'loading' } },
    loaded: {
      on: {
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
            'dashboards.delete': {
              guard: { type: 'knownDashboard', params: byId },
              target: 'deleting',
              actions: { type: 'assignTarget', params: byId },
            },
            'dashboards.favorite': {
              guard: { type: 'knownDashboard', params: byId },
              target: 'favoriting',
              actions: { type: 'assignTarget', params: byId },
            },
            'dashboards.select': {
              guard: { type: 'knownDashboard', params: byId },
              actions: [
                { type: 'select', params: byId },
                { type: 'navigate', params: ({ event }) => ({ path: dashboardPath(event.id) }) },
              ],
            },
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
            'dashboards.group.delete': {
              guard: { type: 'knownGroup', params: byId },
              target: 'deletingGroup',
              actions: { type: 'assignTarget', params: byId },
            },
          },
        },
        creating: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'prompt.change': { actions: { type: 'changePrompt', params: ({ event }) => event } },
                'prompt.submit': [{ guard: 'promptBlank', actions: 'rejectPrompt' }, { target: 'saving' }],
                'prompt.cancel': '#dashboards.loaded.idle',
              },
            },
            saving: {
              invoke: {
                id: 'createDashboard',
                src: 'createDashboard',
                input: ({ context }) => ({ name: context.prompt.value.trim() }),
                // SPEC §4: the new one is selected (and favorite when the server made it so).
                onDone: {
                  target: '#dashboards.loaded.idle',
                  actions: [
                    { type: 'addDashboard', params: ({ event }) => ({ dashboard: event.output }) },
                    { type: 'select', params: ({ event }) => ({ id: event.output.id }) },
                    { type: 'navigate', params: ({ event }) => ({ path: dashboardPath(event.output.id) }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'success',
                        id: 'dashboards.created',
                        values: { name: event.output.name },
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.saveFailed' } },
                },
              },
            },
          },
        },
        renaming: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'prompt.change': { actions: { type: 'changePrompt', params: ({ event }) => event } },
                'prompt.submit': [{ guard: 'promptBlank', actions: 'rejectPrompt' }, { target: 'saving' }],
                'prompt.cancel': '#dashboards.loaded.idle',
              },
            },
            saving: {
              invoke: {
                id: 'renameDashboard',
                src: 'renameDashboard',
                input: ({ context }) => ({ id: context.targetId ?? '', name: context.prompt.value.trim() }),
                onDone: {
                  target: '#dashboards.loaded.idle',
                  actions: [
                    { type: 'renameDashboard', params: ({ event }) => ({ dashboard: event.output }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'success',
                        id: 'dashboards.renamed',
                        values: { name: event.output.name },
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'error',
                      id: 'dashboards.renameFailed',
                      values: named(context),
                    }),
                  },
                },
              },
            },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteDashboard',
            src: 'deleteDashboard',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: [
              {
                guard: 'selectedDeleted',
                target: 'idle',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      id: 'dashboards.deleted',
                      values: named(context),
                    }),
                  },
                  { type: 'removeDashboard', params: ({ event }) => ({ deleted: event.output }) },
                  'selectReplacement',
                  {
                    type: 'navigate',
                    params: ({ context }) => ({
                      path: context.selectedId ? dashboardPath(context.selectedId) : '/',
                    }),
                  },
                ],
              },
              {
                target: 'idle',
                actions: [
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      kind: 'success',
                      id: 'dashboards.deleted',
                      values: named(context),
                    }),
                  },
                  { type: 'removeDashboard', params: ({ event }) => ({ deleted: event.output }) },
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  id: 'dashboards.deleteFailed',
                  values: named(context),
                }),
              },
            },
          },
        },
        favoriting: {
          invoke: {
            id: 'favoriteDashboard',
            src: 'favoriteDashboard',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setFavorite', params: ({ event }) => ({ id: event.output.id }) },
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    kind: 'success',
                    id: 'dashboards.favoriteSet',
                    values: named(context),
                  }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'notify',
                params: ({ context }) => ({
                  kind: 'error',
                  id: 'dashboards.favoriteFailed',
                  values: named(context),
                }),
              },
            },
          },
        },
        sorting: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'sorting.mode': {
                  actions: { type: 'changeSorting', params: ({ event }) => ({ sortMode: event.mode }) },
                },
                'sorting.direction': {
                  actions: {
                    type: 'changeSorting',
                    params: ({ event }) => ({ sortDirection: event.direction }),
                  },
                },
                'sorting.submit': 'saving',
                'sorting.cancel': '#dashboards.loaded.idle',
              },
            },
            saving: {
              invoke: {
                id: 'saveSorting',
                src: 'saveSorting',
                input: ({ context }) => sortingPayload(context, context.sorting),
                onDone: {
                  target: '#dashboards.loaded.idle',
                  actions: [
                    { type: 'assignList', params: ({ event }) => ({ list: event.output }) },
                    { type: 'select', params: ({ context }) => ({ id: context.selectedId }) },
                    { type: 'notify', params: { kind: 'success', id: 'dashboards.sortingSaved' } },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.sortingFailed' } },
                },
              },
            },
          },
        },
        grouping: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'group.name': { actions: { type: 'changeGroupName', params: ({ event }) => event } },
                'group.toggleDashboard': {
                  guard: { type: 'knownDashboard', params: byId },
                  actions: { type: 'toggleGroupDashboard', params: byId },
                },
                'group.submit': [
                  {
                    guard: 'groupNameBlank',
                    actions: { type: 'rejectGroupName', params: { error: 'dashboards.groupNameRequired' } },
                  },
                  { target: 'validating' },
                ],
                'group.cancel': '#dashboards.loaded.idle',
              },
            },
            // SPEC §5: the name is unique among the user's groups, the group itself excepted; the server decides.
            validating: {
              invoke: {
                id: 'validateGroupName',
                src: 'validateGroupName',
                input: ({ context }) => ({
                  id: context.group.id ?? undefined,
                  name: context.group.name.trim(),
                }),
                onDone: [
                  {
                    guard: { type: 'nameFree', params: ({ event }) => ({ valid: event.output }) },
                    target: 'saving',
                  },
                  {
                    target: 'editing',
                    actions: { type: 'rejectGroupName', params: { error: 'dashboards.groupNameTaken' } },
                  },
                ],
                onError: {
                  target: 'editing',
                  actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.groupSaveFailed' } },
                },
              },
            },
            saving: {
              invoke: {
                id: 'saveGroup',
                src: 'saveGroup',
                input: ({ context }) => groupSave(context),
                onDone: {
                  target: '#dashboards.loaded.idle',
                  actions: [
                    { type: 'applyGroup', params: ({ event }) => ({ group: event.output }) },
                    {
                      type: 'notify',
                      params: ({ event }) => ({
                        kind: 'success',
                        id: 'dashboards.groupSaved',
                        values: { name: event.output.name },
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.groupSaveFailed' } },
                },
              },
            },
          },
        },
        deletingGroup: {
          invoke: {
            id: 'deleteGroup',
            src: 'deleteGroup',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                'removeGroup',
                { type: 'notify', params: { kind: 'success', id: 'dashboards.groupDeleted' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'notify', params: { kind: 'error', id: 'dashboards.groupDeleteFailed' } },
            },
          },
        },
      },
    },
  },
});
