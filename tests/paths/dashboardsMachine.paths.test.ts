import type { SnapshotFrom } from 'xstate';
import { dashboardsMachine } from '../../src/machines/dashboards/dashboardsMachine';
import type { DashboardExport, DashboardGroupSaveInput } from '../../src/services/api';
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

type Model = ModelOptions<typeof dashboardsMachine>;

// What decides the next step: the state, which dashboards and groups exist, the selection against the
// target, the route, and whether the prompt and the group name are blank.
const serializeState: Model['serializeState'] = (s: SnapshotFrom<typeof dashboardsMachine>) =>
  JSON.stringify({
    value: s.value,
    dashboards: s.context.dashboards.map((d) => d.id).sort(),
    groups: s.context.groups.length,
    selectedIsTarget: s.context.selectedId === s.context.targetId,
    route: s.context.routeId,
    promptBlank: s.context.prompt.value.trim() === '',
    groupBlank: s.context.group.name.trim() === '',
  });

/** The dialogs: create, rename, favorite, select, route, sorting and groups. */
const dialogs: Model = {
  events: [
    { type: 'dashboards.reload' },
    { type: 'dashboards.create' },
    { type: 'dashboards.rename', id: 'd-overview' },
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
  serializeState,
};

/** The calls: delete (confirmed first), drag reordering, download and import (kept apart: few states). */
const calls: Model = {
  events: [
    { type: 'dashboards.saved', dashboard: summary('d-overview', 'Cellar', { favorite: true }) },
    { type: 'dashboards.delete', id: 'd-overview' },
    { type: 'dashboards.delete', id: 'd-chillers' },
    { type: 'dashboards.confirmDelete' },
    { type: 'dashboards.cancelDelete' },
    { type: 'dashboards.move', id: 'd-overview', to: 0 },
    { type: 'dashboards.export' },
    { type: 'dashboards.import' },
    done('loadDashboards', dashboardsList),
    done('deleteDashboard', { id: 'd-chillers', favoriteId: 'd-overview' } satisfies DashboardDeleted),
    failed('deleteDashboard'),
    done('saveSorting', dashboardsList),
    failed('saveSorting'),
    done('exportDashboard', {
      dashboard: fullDashboard(summary('d-overview', 'Overview')),
      fileName: 'Overview.json',
    } satisfies DashboardExport),
    failed('exportDashboard'),
    done('importWizard', fullDashboard(summary('d-imported', 'Shared', { order: 6 }))),
    done('importWizard', null),
  ],
  serializeState,
};

describeMachinePaths('dashboards machine paths', dashboardsMachine, {
  models: [dialogs, calls],
  label: (model) => (model === dialogs ? 'dialogs' : 'calls'),
  runnable: dashboardsMachine.provide({
    actors: {
      loadDashboards: pending<DashboardsList>(),
      createDashboard: pending<Dashboard, { name: string }>(),
      renameDashboard: pending<DashboardSummary, { id: string; name: string }>(),
      deleteDashboard: pending<DashboardDeleted, { id: string }>(),
      favoriteDashboard: pending<DashboardSummary, { id: string }>(),
      exportDashboard: pending<DashboardExport, { id: string }>(),
      saveSorting: pending<DashboardsList, DashboardsSorting>(),
      validateGroupName: pending<boolean, { id?: string; name: string }>(),
      saveGroup: pending<DashboardGroup, DashboardGroupSaveInput>(),
      deleteGroup: pending<void, { id: string }>(),
    },
    actions: { notify: () => {}, navigate: () => {}, redirectToNotFound: () => {}, saveFile: () => {} },
  }),
});
