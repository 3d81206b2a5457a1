import { expect, vi } from 'vitest';
import { answer, type CallName } from '../servers/dashboardsPathServer';
import {
  clickInDialog,
  dashboardName,
  inDialog,
  selectIn,
  type DashboardsWorld,
} from './dashboardsPathWorld';

/** The server's answers in the dashboards path suite, and what the world says follows from each (SPEC §2, §4). */

export const IDLE = 'loaded.idle';
/** The exported dashboard the user uploads (no widgets: nothing to map). */
const UPLOADED = { name: 'Shared', widgets: [], breakpoint: 'lg', version: 1 };

/** The server's answer to the list's call `call` (or the import wizard's end), and what follows for the user. */
export async function answered(call: CallName | 'importWizard', ok: boolean, world: DashboardsWorld) {
  const toast = (text: string) => world.expectedToasts.push(text);
  const targetName = dashboardName(world, world.target);
  // Every answer closes what waited for it, unless it says otherwise below.
  const waited = world.step;
  world.step = IDLE;
  if (call === 'importWizard') return ok ? imported(world) : clickInDialog(world, 'Cancel');
  const before = world.server.stored().dashboards.map((d) => d.id);
  await answer(world.server, call, ok);
  // The in-memory API answers on its own turn: the world reads what it stored once it has.
  await vi.waitFor(() => expect(world.server.held?.call).not.toBe(call));
  const stored = () => world.server.stored();
  switch (call) {
    case 'loadDashboards':
      if (!ok) {
        world.step = 'failed';
        return void toast('The dashboards could not be loaded');
      }
      return loaded(world);
    case 'createDashboard': {
      if (!ok) {
        world.step = waited.replace('saving', 'editing');
        return void toast('The dashboard could not be saved');
      }
      await vi.waitFor(() => expect(stored().dashboards.length).toBe(before.length + 1));
      const created = stored().dashboards.find((d) => !before.includes(d.id))!;
      selectIn(world, created.id);
      return void toast(`Dashboard ${created.name} created`);
    }
    case 'renameDashboard':
      if (!ok) world.step = waited.replace('saving', 'editing');
      return void toast(
        ok
          ? `Dashboard renamed to ${world.prompt.value.trim()}`
          : `Dashboard ${targetName} could not be renamed`,
      );
    case 'favoriteDashboard':
      return void toast(
        ok
          ? `Dashboard ${targetName} is the favorite`
          : `Dashboard ${targetName} could not be set as favorite`,
      );
    case 'saveSorting':
      world.moved = null;
      // A failed reordering loads the stored orders again; a failed sorting dialog shows again.
      if (!ok) world.step = waited === 'loaded.reordering' ? 'loading' : 'loaded.sorting.editing';
      if (waited === 'loaded.reordering') return void (ok || toast('Dashboard sorting could not be saved'));
      return void toast(ok ? 'Dashboard sorting saved' : 'Dashboard sorting could not be saved');
    case 'validateGroupName': {
      world.step = 'loaded.grouping.editing';
      if (!ok) return void toast('The group could not be saved');
      const name = world.group.name.trim().toLowerCase();
      const taken = stored().groups.some((g) => g.id !== world.group.id && g.name.toLowerCase() === name);
      if (taken) world.group.error = 'Group name already exists';
      else world.step = 'loaded.grouping.saving';
      return;
    }
    case 'saveGroup':
      if (!ok) world.step = 'loaded.grouping.editing';
      return void toast(ok ? `Group ${world.group.name.trim()} saved` : 'The group could not be saved');
    case 'deleteGroup':
      if (ok) world.expanded.delete(world.target ?? '');
      return void toast(ok ? 'Group deleted' : 'The group could not be deleted');
    case 'deleteDashboard':
      if (!ok) return void toast(`Dashboard ${targetName} could not be deleted`);
      toast(`Dashboard ${targetName} deleted`);
      // SPEC §4: a deleted selected dashboard is replaced by the favorite, and the browser follows.
      if (world.target === world.selected) {
        await vi.waitFor(() => expect(stored().dashboards.length).toBe(before.length - 1));
        selectIn(world, stored().dashboards.find((d) => d.favorite)?.id ?? null);
      }
      return;
    case 'exportDashboard':
      if (ok) world.expectedDownloads.push(`${targetName}.json`);
      else toast(`Dashboard ${targetName} could not be downloaded`);
  }
}

/** The list arrived: the route's dashboard is selected (a missing one goes to 404), else the favorite. */
function loaded(world: DashboardsWorld) {
  const { dashboards, groups } = world.server.stored();
  world.expanded = new Set(groups.filter((g) => g.expanded).map((g) => g.id));
  const route = /^\/dashboard\/(.+)$/.exec(world.path)?.[1] ?? null;
  if (route && !dashboards.some((d) => d.id === route)) world.notFound = true;
  else if (route) selectIn(world, route, false);
  else world.selected = dashboards.find((d) => d.favorite)?.id ?? null;
}

/** SPEC §4 import: the file, Next, Import; the new dashboard joins the list and opens. */
async function imported(world: DashboardsWorld) {
  const { user } = world;
  const before = world.server.stored().dashboards.map((d) => d.id);
  const file = new File([JSON.stringify(UPLOADED)], 'shared.json', { type: 'application/json' });
  await user.upload(inDialog().getByLabelText('Dashboard file'), file);
  // Next is disabled while the file is read.
  const next = inDialog().getByRole<HTMLButtonElement>('button', { name: 'Next' });
  await vi.waitFor(() => expect(next.disabled).toBe(false));
  await user.click(next);
  await user.click(await inDialog().findByRole('button', { name: 'Import' }));
  await vi.waitFor(() => expect(world.server.stored().dashboards.length).toBe(before.length + 1));
  const created = world.server.stored().dashboards.find((d) => !before.includes(d.id))!;
  selectIn(world, created.id);
  world.expectedToasts.push(`Dashboard ${created.name} imported`);
}
