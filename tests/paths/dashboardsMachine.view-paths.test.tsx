import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { dashboardsMachine } from '../../src/machines/dashboards/dashboardsMachine';
import type { DashboardExport } from '../../src/services/api';
import type { DashboardDeleted, DashboardsSorting } from '#contracts';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { fullDashboard, group, summary } from '../support/fixtures/dashboardFixtures';
import { DEVICE_PAGE, playDashboards } from '../support/worlds/dashboardsPathPlay';
import { pathList, type CallName } from '../support/servers/dashboardsPathServer';
import {
  dashboardName,
  dialog,
  expectedEntries,
  shownEntries,
  startDashboards,
  type DashboardsWorld,
} from '../support/worlds/dashboardsPathWorld';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';
import { toastsAsExpected } from '../support/dom/toastsShown';

type Model = ModelOptions<typeof dashboardsMachine> & { label: string };
type Snapshot = SnapshotFrom<typeof dashboardsMachine>;

const { done, failed } = modelEvents<typeof dashboardsMachine>();

// What decides the next step: the state, the dashboards and groups, the favorite, the selection against the
// target, the route, whether the prompt is blank, and the group being edited with its name.
const serializeState = (s: Snapshot) =>
  JSON.stringify({
    value: s.value,
    dashboards: s.context.dashboards.map((d) => `${d.id}${d.favorite ? '*' : ''}`).sort(),
    groups: s.context.groups.map((g) => g.id),
    selectedIsTarget: s.context.selectedId === s.context.targetId,
    route: s.context.routeId,
    promptBlank: s.context.prompt.value.trim() === '',
    group: [s.context.group.id, s.context.group.name.trim().toLowerCase()],
  });

/** What the product offers: no event its menus would not send, no answer the server would not give. */
function offered(s: Snapshot, event: Model['events'][number]) {
  const type: string = event.type;
  const output = (event as { output?: unknown }).output;
  const { context } = s;
  if (type === 'xstate.done.actor.validateGroupName') {
    const name = context.group.name.trim().toLowerCase();
    return output === !context.groups.some((g) => g.id !== context.group.id && g.name.toLowerCase() === name);
  }
  if (type === 'xstate.done.actor.deleteDashboard')
    return (output as DashboardDeleted).id === context.targetId;
  if (type.startsWith('xstate.')) return true;
  // The 404 page ends the path: the sidebar is gone.
  if (s.matches('loaded') && context.routeId === 'd-missing') return false;
  if (event.type === 'dashboards.route') return !s.matches('loaded') || s.matches({ loaded: 'idle' });
  // A group opens and closes in the sidebar, out of reach under a dialog or while a call is waiting.
  if (event.type === 'dashboards.group.toggle') return s.matches({ loaded: 'idle' });
  if (event.type === 'dashboards.favorite')
    return !context.dashboards.find((d) => d.id === event.id)?.favorite;
  // Only the Retry of a failed load sends it (see `unreachable`).
  if (event.type === 'dashboards.reload') return s.matches('failed');
  return s.can(event);
}

const LOADED = done('loadDashboards', pathList);

/** The sidebar and its dialogs: load, routes, create, rename, favorite, select, sorting and groups. */
const dialogs: Model = {
  label: 'dialogs',
  events: [
    { type: 'dashboards.reload' },
    { type: 'dashboards.create' },
    { type: 'dashboards.rename', id: 'd-overview' },
    { type: 'dashboards.favorite', id: 'd-plant' },
    { type: 'dashboards.select', id: 'd-plant' },
    { type: 'dashboards.route', id: 'd-freezers' },
    { type: 'dashboards.route', id: 'd-missing' },
    { type: 'dashboards.route', id: null },
    { type: 'dashboards.sort' },
    { type: 'dashboards.group.create' },
    { type: 'dashboards.group.edit', id: 'g-cold' },
    { type: 'dashboards.group.delete', id: 'g-cold' },
    { type: 'dashboards.confirmDelete' },
    { type: 'dashboards.cancelDelete' },
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
    { type: 'group.name', value: 'Cold rooms' },
    { type: 'group.toggleDashboard', id: 'd-plant' },
    { type: 'group.submit' },
    { type: 'group.cancel' },
    LOADED,
    failed('loadDashboards'),
    done('createDashboard', fullDashboard(summary('d-created-1', 'Cellar', { order: 3 }))),
    failed('createDashboard'),
    done('renameDashboard', summary('d-overview', 'Cellar', { favorite: true, order: 2 })),
    failed('renameDashboard'),
    done('favoriteDashboard', summary('d-plant', 'Plant', { favorite: true })),
    failed('favoriteDashboard'),
    done('saveSorting', pathList),
    failed('saveSorting'),
    done('validateGroupName', true),
    done('validateGroupName', false),
    failed('validateGroupName'),
    done('saveGroup', group('g-cold', 'Cellars', ['d-freezers', 'd-plant'], { order: 1 })),
    failed('saveGroup'),
    done('deleteGroup'),
    failed('deleteGroup'),
  ],
  serializeState,
  filterEvents: offered,
};

/** The calls: delete (confirmed first), reordering, download, import, and the editor's saved name. */
const calls: Model = {
  label: 'calls',
  events: [
    { type: 'dashboards.saved', dashboard: summary('d-overview', 'Front', { favorite: true, order: 2 }) },
    { type: 'dashboards.delete', id: 'd-overview' },
    { type: 'dashboards.delete', id: 'd-plant' },
    { type: 'dashboards.confirmDelete' },
    { type: 'dashboards.cancelDelete' },
    { type: 'dashboards.move', id: 'd-overview', to: 1 },
    { type: 'dashboards.export' },
    { type: 'dashboards.import' },
    LOADED,
    done('deleteDashboard', { id: 'd-overview', favoriteId: 'd-plant' } satisfies DashboardDeleted),
    done('deleteDashboard', { id: 'd-plant', favoriteId: 'd-overview' } satisfies DashboardDeleted),
    failed('deleteDashboard'),
    done('saveSorting', pathList),
    failed('saveSorting'),
    done('exportDashboard', {
      dashboard: fullDashboard(summary('d-overview', 'Overview')),
      fileName: 'Overview.json',
    } satisfies DashboardExport),
    failed('exportDashboard'),
    done('importWizard', fullDashboard(summary('d-created-1', 'Shared', { order: 3 }))),
    done('importWizard', null),
  ],
  serializeState,
  filterEvents: offered,
};

/** The call the server holds: which, and what it was sent. */
function waiting(world: DashboardsWorld, call: CallName) {
  const held = world.server.held;
  expect(held?.call, 'the call waiting for the server').toBe(call);
  return held!;
}

/** The sidebar behind a dialog or a call: the stored list (or the moved rows), the browser where it was. */
function behind(world: DashboardsWorld) {
  expect(shownEntries()).toEqual(world.moved ?? expectedEntries(world));
  expect(window.location.pathname).toBe(world.path);
  toastsAsExpected(world);
}

/** The list with nothing under way: no dialog, no call waiting, the files downloaded so far. */
function idle(world: DashboardsWorld) {
  expect(world.server.held, 'no call waits').toBeNull();
  toastsAsExpected(world);
  expect(world.downloads.map((file) => file.name)).toEqual(world.expectedDownloads);
  if (world.notFound) {
    // SPEC §2: a route naming a missing dashboard shows the 404 page with the reason.
    expect(
      screen.getByRole('heading', { name: 'The page you were looking for does not exist' }),
    ).toBeTruthy();
    expect(screen.getByText('Dashboard is not found')).toBeTruthy();
    return;
  }
  expect(screen.queryByRole('dialog')).toBeNull();
  behind(world);
  if (world.path === DEVICE_PAGE) return;
  const shown = dashboardName(world, world.selected);
  expect(screen.getByRole('heading', { name: shown, level: 1 })).toBeTruthy();
}

/** The title prompt of create or rename, as the user typed it; Save disabled while saving. */
function prompt(title: string, world: DashboardsWorld, saving: boolean) {
  const shown = dialog(title);
  expect((within(shown).getByLabelText('Title') as HTMLInputElement).value).toBe(world.prompt.value);
  expect(within(shown).queryByText('Title is required') !== null, 'the blank title refused').toBe(
    world.prompt.error,
  );
  expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(saving);
  if (!saving) expect(world.server.held).toBeNull();
  behind(world);
}

function sortingDialog(world: DashboardsWorld, saving: boolean) {
  const shown = dialog('Dashboard sorting');
  const checked = (name: string) => within(shown).getByRole<HTMLInputElement>('radio', { name }).checked;
  expect(checked(world.sorting.sortMode === 'NAME' ? 'Name' : 'Custom order')).toBe(true);
  expect(checked(world.sorting.sortDirection === 'DESC' ? 'Descending' : 'Ascending')).toBe(true);
  expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(saving);
  behind(world);
}

function groupDialog(world: DashboardsWorld, step: 'editing' | 'validating' | 'saving') {
  const { id, name, members, error } = world.group;
  const shown = dialog(id ? 'Edit dashboards group' : 'Create dashboards group');
  expect((within(shown).getByLabelText('Group name') as HTMLInputElement).value).toBe(name);
  const ticked = within(shown)
    .getAllByRole<HTMLInputElement>('checkbox')
    .filter((box) => box.checked)
    .map((box) => box.labels?.[0]?.textContent);
  expect(ticked.sort()).toEqual(members.map((member) => dashboardName(world, member)).sort());
  for (const refusal of ['Group name is required', 'Group name already exists'])
    expect(within(shown).queryByText(refusal) !== null, refusal).toBe(error === refusal);
  expect(within(shown).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(
    step !== 'editing',
  );
  if (step === 'editing') expect(world.server.held).toBeNull();
  behind(world);
}

type StateAssertions = Record<string, (snapshot: Snapshot, world: DashboardsWorld) => void>;

/** Each state's view assertion, after checking the state is the one SPEC leads to from what happened. */
const expecting = (states: StateAssertions): StateAssertions =>
  Object.fromEntries(
    Object.entries(states).map(([leaf, assertion]) => [
      leaf,
      (snapshot: Snapshot, world: DashboardsWorld) => {
        expect(world.step, 'the state SPEC leads to').toBe(leaf);
        assertion(snapshot, world);
      },
    ]),
  );

describeViewPaths('dashboards list, played in the sidebar, its dialogs and the server', dashboardsMachine, {
  model: [dialogs, calls],
  start: startDashboards,
  play: playDashboards,
  stop: (world) => {
    world.restore();
  },
  states: expecting({
    loading: (_, world) => {
      expect(within(screen.getByRole('region', { name: 'Dashboards' })).getByRole('status').textContent).toBe(
        'Loading dashboards…',
      );
      expect(waiting(world, 'loadDashboards').method).toBe('get');
      toastsAsExpected(world);
    },
    failed: (_, world) => {
      const region = screen.getByRole('region', { name: 'Dashboards' });
      expect(within(region).getByText('The dashboards could not be loaded')).toBeTruthy();
      expect(within(region).getByRole('button', { name: 'Retry' })).toBeTruthy();
      expect(world.server.held).toBeNull();
      toastsAsExpected(world);
    },
    'loaded.idle': (_, world) => idle(world),
    'loaded.creating.editing': (_, world) => prompt('Create dashboard', world, false),
    'loaded.creating.saving': (_, world) => {
      expect(waiting(world, 'createDashboard').body).toMatchObject({ name: world.prompt.value.trim() });
      prompt('Create dashboard', world, true);
    },
    'loaded.renaming.editing': (_, world) => prompt('Rename dashboard', world, false),
    'loaded.renaming.saving': (_, world) => {
      const { url } = waiting(world, 'renameDashboard');
      expect(url.pathname).toBe(`/api/v2/dashboards/${world.target}/rename`);
      expect(url.searchParams.get('name')).toBe(world.prompt.value.trim());
      prompt('Rename dashboard', world, true);
    },
    'loaded.confirmingDelete': (_, world) => {
      const shown = dialog('Delete dashboard');
      expect(within(shown).getByText(`Delete dashboard ${dashboardName(world, world.target)}?`)).toBeTruthy();
      expect(world.server.held).toBeNull();
      behind(world);
    },
    'loaded.deleting': (_, world) => {
      const { method, url } = waiting(world, 'deleteDashboard');
      expect([method, url.pathname]).toEqual(['delete', `/api/v2/dashboards/${world.target}`]);
      expect(screen.queryByRole('dialog')).toBeNull();
      behind(world);
    },
    'loaded.favoriting': (_, world) => {
      expect(waiting(world, 'favoriteDashboard').url.pathname).toBe(
        `/api/v2/dashboards/${world.target}/favorite`,
      );
      behind(world);
    },
    'loaded.reordering': (_, world) => {
      // The moved rows show at once; the server is sent the orders of every dashboard and group, the moved
      // dashboard's among them at its new place.
      const { body } = waiting(world, 'saveSorting');
      const { sortMode, sortDirection, sortData } = body as DashboardsSorting;
      expect({ sortMode, sortDirection }).toEqual(world.server.stored().settings);
      const { dashboards, groups } = world.server.stored();
      expect(Object.keys(sortData).sort()).toEqual([...dashboards, ...groups].map((e) => e.id).sort());
      expect(sortData[world.target!]?.order).toBe(
        world.moved!.findIndex((row) => row.startsWith(dashboardName(world, world.target))),
      );
      behind(world);
    },
    'loaded.exporting': (_, world) => {
      expect(waiting(world, 'exportDashboard').url.pathname).toBe(
        `/api/v2/dashboards/${world.target}/export`,
      );
      behind(world);
    },
    'loaded.importing': (_, world) => {
      expect(within(dialog('Upload dashboard')).getByLabelText('Dashboard file')).toBeTruthy();
      behind(world);
    },
    'loaded.sorting.editing': (_, world) => sortingDialog(world, false),
    'loaded.sorting.saving': (_, world) => {
      expect(waiting(world, 'saveSorting').body).toMatchObject(world.sorting);
      sortingDialog(world, true);
    },
    'loaded.grouping.editing': (_, world) => groupDialog(world, 'editing'),
    'loaded.grouping.validating': (_, world) => {
      const query = waiting(world, 'validateGroupName').url.searchParams;
      expect(query.get('name')).toBe(world.group.name.trim());
      expect(query.get('id')).toBe(world.group.id);
      groupDialog(world, 'validating');
    },
    'loaded.grouping.saving': (_, world) => {
      const { method, body } = waiting(world, 'saveGroup');
      expect(method).toBe(world.group.id ? 'put' : 'post');
      expect(body).toMatchObject({ name: world.group.name.trim() });
      expect([...(body as { dashboardsData: string[] }).dashboardsData].sort()).toEqual(
        [...world.group.members].sort(),
      );
      groupDialog(world, 'saving');
    },
    'loaded.confirmingGroupDelete': (_, world) => {
      const shown = dialog('Delete group');
      const name = world.server.stored().groups.find((g) => g.id === world.target)?.name;
      expect(
        within(shown).getByText(`Delete group ${name}? Its dashboards stay, outside any group.`),
      ).toBeTruthy();
      expect(world.server.held).toBeNull();
      behind(world);
    },
    'loaded.deletingGroup': (_, world) => {
      const { method, url } = waiting(world, 'deleteGroup');
      expect([method, url.pathname]).toEqual(['delete', `/api/v2/dashboards/groups/${world.target}`]);
      behind(world);
    },
  }),
  unreachable: {
    'dashboards.loaded.idle on dashboards.reload':
      'nothing in the app reloads the list while it shows: Retry appears only when the load failed',
  },
});
