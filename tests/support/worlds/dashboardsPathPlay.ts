import { screen, within } from '@testing-library/react';
import type { EventFromLogic } from 'xstate';
import type { dashboardsMachine } from '../../../src/machines/dashboards/dashboardsMachine';
import { answered, IDLE } from './dashboardsPathAnswers';
import type { CallName } from '../servers/dashboardsPathServer';
import {
  choose,
  clickInDialog,
  dashboardName,
  expectedEntries,
  goTo,
  inDialog,
  retype,
  selectIn,
  sidebar,
  type DashboardsWorld,
} from './dashboardsPathWorld';

type DashboardsEvent = EventFromLogic<typeof dashboardsMachine>;

/** A device page: a route that names no dashboard. */
export const DEVICE_PAGE = '/0A0B0C/1/0/pages/1';

const groupName = (world: DashboardsWorld, id: string) =>
  world.server.stored().groups.find((g) => g.id === id)?.name ?? '';
const dashboardMenu = (world: DashboardsWorld, id: string) =>
  `Dashboard actions for ${dashboardName(world, id)}`;

/** Where each user event leads the list (SPEC §2, §4); the others leave it where it is. */
const LEADS: Partial<Record<DashboardsEvent['type'], string>> = {
  'dashboards.reload': 'loading',
  'dashboards.create': 'loaded.creating.editing',
  'dashboards.rename': 'loaded.renaming.editing',
  'dashboards.favorite': 'loaded.favoriting',
  'dashboards.delete': 'loaded.confirmingDelete',
  'dashboards.confirmDelete': 'loaded.deleting',
  'dashboards.move': 'loaded.reordering',
  'dashboards.export': 'loaded.exporting',
  'dashboards.import': 'loaded.importing',
  'dashboards.sort': 'loaded.sorting.editing',
  'sorting.submit': 'loaded.sorting.saving',
  'dashboards.group.create': 'loaded.grouping.editing',
  'dashboards.group.edit': 'loaded.grouping.editing',
  'dashboards.group.delete': 'loaded.confirmingGroupDelete',
  'dashboards.cancelDelete': IDLE,
  'prompt.cancel': IDLE,
  'sorting.cancel': IDLE,
  'group.cancel': IDLE,
};

/** The user's clicks and typing for each event of the list's model. */
async function played(event: DashboardsEvent, world: DashboardsWorld) {
  const { user } = world;
  const stored = world.server.stored();
  switch (event.type) {
    case 'dashboards.reload':
      return user.click(within(sidebar()).getByRole('button', { name: 'Retry' }));
    case 'dashboards.create':
      world.prompt = { value: '', error: false };
      return user.click(within(sidebar()).getByRole('button', { name: 'Create dashboard' }));
    case 'dashboards.rename':
      Object.assign(world, {
        target: event.id,
        prompt: { value: dashboardName(world, event.id), error: false },
      });
      return choose(world, dashboardMenu(world, event.id), 'Rename');
    case 'dashboards.favorite':
      world.target = event.id;
      return choose(world, dashboardMenu(world, event.id), 'Set as favorite');
    case 'dashboards.delete':
      world.target = event.id;
      return choose(world, dashboardMenu(world, event.id), 'Delete');
    case 'dashboards.select':
      selectIn(world, event.id);
      return user.click(within(sidebar()).getByRole('link', { name: dashboardName(world, event.id) }));
    case 'dashboards.route': {
      const missing = event.id !== null && !stored.dashboards.some((d) => d.id === event.id);
      // The list judges the route once it is loaded; before, the answer to its load does, and the dashboard
      // screen asks the server for a missing dashboard itself and says it failed.
      if (world.step === 'loading' || world.step === 'failed') {
        if (missing) world.expectedToasts.push(`The dashboard ${event.id} could not be loaded`);
      } else if (missing) world.notFound = true;
      else if (event.id) selectIn(world, event.id, false);
      return goTo(world, event.id ? `/dashboard/${event.id}` : DEVICE_PAGE);
    }
    case 'dashboards.group.toggle': {
      const open = world.expanded.has(event.id);
      if (open) world.expanded.delete(event.id);
      else world.expanded.add(event.id);
      const name = `${open ? 'Collapse' : 'Expand'} group ${groupName(world, event.id)}`;
      return user.click(within(sidebar()).getByRole('button', { name }));
    }
    case 'dashboards.group.create':
      world.group = { id: null, name: '', members: [], error: null };
      return choose(world, 'Account menu', 'Dashboard groups');
    case 'dashboards.group.edit': {
      const members = stored.dashboards.filter((d) => d.groupId === event.id).map((d) => d.id);
      world.group = { id: event.id, name: groupName(world, event.id), members, error: null };
      return choose(world, `Group actions for ${groupName(world, event.id)}`, 'Edit group');
    }
    case 'dashboards.group.delete':
      world.target = event.id;
      return choose(world, `Group actions for ${groupName(world, event.id)}`, 'Delete group');
    case 'dashboards.move': {
      const rows = expectedEntries(world);
      const name = dashboardName(world, event.id);
      const index = rows.findIndex((row) => row.startsWith(name));
      // A walk that moved it there already moves it back up: the menu offers a move by one row either way.
      const to = event.to === index ? index - 1 : event.to;
      rows.splice(to, 0, ...rows.splice(index, 1));
      Object.assign(world, { moved: rows, target: event.id });
      return choose(world, dashboardMenu(world, event.id), `Move ${name} ${to < index ? 'up' : 'down'}`);
    }
    case 'dashboards.export':
      world.target = world.selected;
      return choose(world, 'Account menu', 'Download dashboard');
    case 'dashboards.import':
      return choose(world, 'Account menu', 'Upload dashboard');
    case 'dashboards.sort':
      world.sorting = { ...stored.settings };
      return choose(world, 'Account menu', 'Dashboard sorting settings');
    case 'dashboards.confirmDelete':
      return clickInDialog(world, 'Delete');
    case 'dashboards.cancelDelete':
      return clickInDialog(world, 'Cancel');
    case 'dashboards.saved':
      return savedInEditor(world, event.dashboard.name);
    case 'prompt.change':
      world.prompt = { value: event.value, error: false };
      return retype(world, 'Title', event.value);
    case 'prompt.submit':
      world.prompt.error = world.prompt.value.trim() === '';
      if (!world.prompt.error) world.step = world.step.replace('editing', 'saving');
      return clickInDialog(world, 'Save');
    case 'group.name':
      Object.assign(world.group, { name: event.value, error: null });
      return retype(world, 'Group name', event.value);
    case 'group.toggleDashboard': {
      const { members } = world.group;
      world.group.members = members.includes(event.id)
        ? members.filter((id) => id !== event.id)
        : [...members, event.id];
      return user.click(inDialog().getByRole('checkbox', { name: dashboardName(world, event.id) }));
    }
    case 'group.submit':
      if (world.group.name.trim() === '') world.group.error = 'Group name is required';
      else world.step = 'loaded.grouping.validating';
      return clickInDialog(world, 'Save');
    case 'sorting.mode':
      world.sorting.sortMode = event.mode;
      return user.click(
        inDialog().getByRole('radio', { name: event.mode === 'NAME' ? 'Name' : 'Custom order' }),
      );
    case 'sorting.direction':
      world.sorting.sortDirection = event.direction;
      return user.click(
        inDialog().getByRole('radio', { name: event.direction === 'DESC' ? 'Descending' : 'Ascending' }),
      );
    case 'sorting.submit':
      return clickInDialog(world, 'Save');
    case 'prompt.cancel':
    case 'sorting.cancel':
    case 'group.cancel':
      return clickInDialog(world, 'Cancel');
  }
}

/** SPEC §2: the dashboard editor renames the open dashboard and saves it; the list hears the saved name. */
async function savedInEditor(world: DashboardsWorld, name: string) {
  const { user } = world;
  await user.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
  await user.click(screen.getByRole('button', { name: 'Rename dashboard' }));
  await retype(world, 'Dashboard name', name);
  await clickInDialog(world, 'Apply');
  await user.click(await screen.findByRole('button', { name: 'Save' }));
  world.expectedToasts.push(`Dashboard ${name} saved`);
}

/** Plays one model event as what causes it: the user's click or typing, the browser's route, the server's answer. */
export async function playDashboards(event: DashboardsEvent, world: DashboardsWorld) {
  const type: string = event.type;
  const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  // The wizard ends done either way: with the imported dashboard, or null when the user cancelled.
  const ok = outcome?.[1] === 'done' && (event as { output?: unknown }).output !== null;
  if (outcome) return answered(outcome[2] as CallName, ok, world);
  // Confirming deletes what the dialog asked about: a dashboard or a group.
  const confirmedGroup =
    event.type === 'dashboards.confirmDelete' && world.step === 'loaded.confirmingGroupDelete';
  world.step = confirmedGroup ? 'loaded.deletingGroup' : (LEADS[event.type] ?? world.step);
  await played(event, world);
}
