import type { SnapshotFrom } from 'xstate';
import { dashboardsMachine } from '../../src/machines/dashboards/dashboardsMachine';
import type { DashboardGroupSaveInput } from '../../src/services/api';
import type {
  Dashboard,
  DashboardDeleted,
  DashboardGroup,
  DashboardsList,
  DashboardsSorting,
  DashboardSummary,
} from '../../src/services/contracts';
import { dashboardsList, fullDashboard, group, summary } from '../support/dashboardFixtures';
import { describeMachinePaths, modelEvents, pending, type ModelOptions } from '../support/machinePaths';

const { done, failed } = modelEvents<typeof dashboardsMachine>();

const model: ModelOptions<typeof dashboardsMachine> = {
  events: [
    { type: 'dashboards.reload' },
    { type: 'dashboards.create' },
    { type: 'dashboards.rename', id: 'd-overview' },
    { type: 'dashboards.delete', id: 'd-overview' },
    { type: 'dashboards.delete', id: 'd-chillers' },
    { type: 'dashboards.favorite', id: 'd-freezers' },
    { type: 'dashboards.select', id: 'd-freezers' },
    { type: 'dashboards.route', id: 'd-freezers' },
    { type: 'dashboards.route', id: 'd-missing' },
    { type: 'dashboards.route', id: null },
    { type: 'dashboards.sort' },
    { type: 'dashboards.group.create' },
    { type: 'dashboards.group.edit', id: 'g-cold' },
    { type: 'dashboards.group.delete', id: 'g-cold' },
    { type: 'dashboards.group.toggle', id: 'g-cold' },
    { type: 'prompt.change', value: '' },
    { type: 'prompt.change', value: 'Cellar' },
    { type: 'prompt.submit' },
    { type: 'prompt.cancel' },
    { type: 'sorting.mode', mode: 'NAME' },
    { type: 'sorting.direction', direction: 'DESC' },
    { type: 'sorting.submit' },
    { type: 'sorting.cancel' },
    { type: 'group.name', value: '' },
    { type: 'group.name', value: 'Cellars' },
    { type: 'group.toggleDashboard', id: 'd-freezers' },
    { type: 'group.submit' },
    { type: 'group.cancel' },
    done('loadDashboards', dashboardsList),
    failed('loadDashboards'),
    done('createDashboard', fullDashboard(summary('d-new', 'Cellar', { favorite: false, order: 5 }))),
    failed('createDashboard'),
    done('renameDashboard', fullDashboard(summary('d-overview', 'Cellar', { favorite: true }))),
    failed('renameDashboard'),
    done('deleteDashboard', { id: 'd-chillers', favoriteId: 'd-overview' } satisfies DashboardDeleted),
    failed('deleteDashboard'),
    done('favoriteDashboard', summary('d-freezers', 'Freezers', { favorite: true, groupId: 'g-cold' })),
    failed('favoriteDashboard'),
    done('saveSorting', dashboardsList),
    failed('saveSorting'),
    done('validateGroupName', true),
    done('validateGroupName', false),
    failed('validateGroupName'),
    done('saveGroup', group('g-cold', 'Cellars', ['d-freezers'])),
    failed('saveGroup'),
    done('deleteGroup', undefined),
    failed('deleteGroup'),
  ],
  // What decides the next step: the state, which dashboards and groups exist, the selection against the
  // target, the route, and whether the prompt and the group name are blank.
  serializeState: (s: SnapshotFrom<typeof dashboardsMachine>) =>
    JSON.stringify({
      value: s.value,
      dashboards: s.context.dashboards.map((d) => d.id).sort(),
      groups: s.context.groups.length,
      selectedIsTarget: s.context.selectedId === s.context.targetId,
      route: s.context.routeId,
      promptBlank: s.context.prompt.value.trim() === '',
      groupBlank: s.context.group.name.trim() === '',
    }),
};

describeMachinePaths('dashboards machine paths', dashboardsMachine, {
  models: model,
  runnable: dashboardsMachine.provide({
    actors: {
      loadDashboards: pending<DashboardsList>(),
      createDashboard: pending<Dashboard, { name: string }>(),
      renameDashboard: pending<Dashboard, { id: string; name: string }>(),
      deleteDashboard: pending<DashboardDeleted, { id: string }>(),
      favoriteDashboard: pending<DashboardSummary, { id: string }>(),
      saveSorting: pending<DashboardsList, DashboardsSorting>(),
      validateGroupName: pending<boolean, { id?: string; name: string }>(),
      saveGroup: pending<DashboardGroup, DashboardGroupSaveInput>(),
      deleteGroup: pending<void, { id: string }>(),
    },
    actions: { notify: () => {}, navigate: () => {}, redirectToNotFound: () => {} },
  }),
});
