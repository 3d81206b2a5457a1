import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  selectDeleteConfirmation,
  selectEntries,
  selectHomeDashboardId,
  selectImportWizard,
} from '../../src/machines/dashboards/dashboards.selectors';
import { provideDashboards } from '../../src/machines/dashboards/provideDashboards';
import type { Api } from '../../src/services/api';
import type { DashboardsList, DashboardsSorting } from '#contracts';
import { dashboardsList, emptyDashboardsList } from '../support/fixtures/dashboardFixtures';
import { fakeServices } from '../support/fakes/fakeServices';

/** The ids of the dashboards marked favorite, in the list's order. */
const favoriteIds = (actor: ReturnType<typeof start>['actor']) =>
  actor
    .getSnapshot()
    .context.dashboards.filter((d) => d.favorite)
    .map((d) => d.id);

function start(api: Partial<Api> = {}, list: DashboardsList = dashboardsList) {
  const { services } = fakeServices({ listDashboards: vi.fn().mockResolvedValue(list), ...api });
  const a = services.api;
  const notify = vi.fn();
  const navigate = vi.fn();
  const notFound = vi.fn();
  const saveFile = vi.fn();
  const actor = createActor(
    provideDashboards(a, (file) => file.text()).provide({
      actions: {
        saveFile: (_, params) => saveFile(params.fileName, params.contents),
        notify: (_, params) => notify(params.kind, params.id, params.values),
        navigate: (_, { path }) => navigate(path),
        redirectToNotFound: (_, { message }) => notFound(message),
      },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches({ loaded: 'idle' }) || s.matches('failed'));
  const names = () =>
    selectEntries(actor.getSnapshot()).map((e) =>
      e.kind === 'dashboard'
        ? e.dashboard.name
        : `${e.group.name}[${e.dashboards.map((d) => d.name).join(',')}]`,
    );
  return { actor, api: a, notify, navigate, notFound, saveFile, idle, names };
}

describe('dashboards machine', () => {
  it('loads the list, selects the favorite and sorts by custom order, then by name in either direction', async () => {
    const updateDashboardsSorting = vi.fn(async ({ sortMode, sortDirection }: DashboardsSorting) => ({
      ...dashboardsList,
      settings: { sortMode, sortDirection },
    }));
    const { actor, idle, names } = start({ updateDashboardsSorting });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await idle();
    expect(actor.getSnapshot().context.selectedId).toBe('d-overview');
    expect(selectHomeDashboardId(actor.getSnapshot())).toBe('d-overview');
    expect(names()).toEqual(['Cold rooms[Freezers,Chillers]', 'Overview']);
    actor.send({ type: 'dashboards.sort' });
    actor.send({ type: 'sorting.mode', mode: 'NAME' });
    actor.send({ type: 'sorting.direction', direction: 'DESC' });
    actor.send({ type: 'sorting.submit' });
    await idle();
    expect(actor.getSnapshot().context.settings).toEqual({ sortMode: 'NAME', sortDirection: 'DESC' });
    expect(names()).toEqual(['Overview', 'Cold rooms[Freezers,Chillers]']);
  });

  it('posts the stored orders with the chosen settings, and reports a failed sorting save', async () => {
    const updateDashboardsSorting = vi.fn().mockRejectedValue(new Error('500'));
    const { actor, idle, notify } = start({ updateDashboardsSorting });
    await idle();
    actor.send({ type: 'dashboards.sort' });
    actor.send({ type: 'sorting.mode', mode: 'NAME' });
    actor.send({ type: 'sorting.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: { sorting: 'editing' } }));
    expect(updateDashboardsSorting).toHaveBeenCalledWith({
      sortData: {
        'g-cold': { order: 0, group: true },
        'd-overview': { order: 1, group: false },
        'd-freezers': { order: 0, group: false },
        'd-chillers': { order: 1, group: false },
      },
      sortMode: 'NAME',
      sortDirection: 'ASC',
    });
    expect(notify).toHaveBeenCalledWith('error', 'dashboards.sortingFailed', undefined);
  });

  it('requires a title, creates, selects and navigates; the first one becomes favorite as the server says', async () => {
    const { actor, idle, api, navigate, notify } = start({}, emptyDashboardsList);
    await idle();
    expect(selectHomeDashboardId(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'dashboards.create' });
    actor.send({ type: 'prompt.change', value: '  ' });
    actor.send({ type: 'prompt.submit' });
    expect(actor.getSnapshot().context.prompt.error).toBe('dashboards.titleRequired');
    expect(api.createDashboard).not.toHaveBeenCalled();
    vi.mocked(api.createDashboard).mockImplementation(async ({ name }) => ({
      id: 'd-new',
      name,
      favorite: true,
      order: 0,
      groupId: null,
      breakpoint: 'lg',
      version: 1,
      widgets: [],
    }));
    actor.send({ type: 'prompt.change', value: ' Cellar ' });
    actor.send({ type: 'prompt.submit' });
    await idle();
    expect(api.createDashboard).toHaveBeenCalledWith({ name: 'Cellar' });
    const { context } = actor.getSnapshot();
    expect(context.selectedId).toBe('d-new');
    expect(context.dashboards).toEqual([expect.objectContaining({ id: 'd-new', favorite: true })]);
    expect(navigate).toHaveBeenCalledWith('/dashboard/d-new');
    expect(notify).toHaveBeenCalledWith('success', 'dashboards.created', { name: 'Cellar' });
  });

  it('keeps the favorite when the server did not make the new one favorite', async () => {
    const { actor, idle } = start();
    await idle();
    actor.send({ type: 'dashboards.create' });
    actor.send({ type: 'prompt.change', value: 'Cellar' });
    actor.send({ type: 'prompt.submit' });
    await idle();
    expect(favoriteIds(actor)).toEqual(['d-overview']);
  });

  it('renames, and names the dashboard when renaming fails', async () => {
    const renameDashboard = vi.fn().mockRejectedValue(new Error('500'));
    const { actor, idle, notify } = start({ renameDashboard });
    await idle();
    actor.send({ type: 'dashboards.rename', id: 'd-overview' });
    expect(actor.getSnapshot().context.prompt.value).toBe('Overview');
    actor.send({ type: 'prompt.change', value: 'Front' });
    actor.send({ type: 'prompt.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: { renaming: 'editing' } }));
    expect(notify).toHaveBeenCalledWith('error', 'dashboards.renameFailed', { name: 'Overview' });
    actor.send({ type: 'prompt.cancel' });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
  });

  it('takes the name of a dashboard the editor saved', async () => {
    const { actor, idle, names } = start();
    await idle();
    const overview = actor.getSnapshot().context.dashboards.find((d) => d.id === 'd-overview')!;
    actor.send({ type: 'dashboards.saved', dashboard: { ...overview, name: 'Night shift' } });
    expect(names().join(' ')).toContain('Night shift');
    expect(names().join(' ')).not.toContain('Overview');
  });

  it('asks before deleting; cancelled, nothing is deleted', async () => {
    const { actor, idle, api } = start();
    await idle();
    actor.send({ type: 'dashboards.delete', id: 'd-overview' });
    expect(selectDeleteConfirmation(actor.getSnapshot())).toBe('Overview');
    actor.send({ type: 'dashboards.cancelDelete' });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(selectDeleteConfirmation(actor.getSnapshot())).toBeNull();
    expect(api.deleteDashboard).not.toHaveBeenCalled();
  });

  it('replaces a deleted selected dashboard by the favorite, else the first shown', async () => {
    const deleteDashboard = vi
      .fn()
      .mockResolvedValueOnce({ id: 'd-overview', favoriteId: 'd-chillers' })
      .mockResolvedValueOnce({ id: 'd-chillers', favoriteId: null });
    const { actor, idle, navigate } = start({ deleteDashboard });
    await idle();
    actor.send({ type: 'dashboards.delete', id: 'd-overview' });
    actor.send({ type: 'dashboards.confirmDelete' });
    await idle();
    expect(actor.getSnapshot().context.selectedId).toBe('d-chillers');
    expect(actor.getSnapshot().context.groups[0]!.expanded).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/d-chillers');
    actor.send({ type: 'dashboards.delete', id: 'd-chillers' });
    actor.send({ type: 'dashboards.confirmDelete' });
    await idle();
    expect(actor.getSnapshot().context.selectedId).toBe('d-freezers');
  });

  it('keeps exactly one favorite', async () => {
    const { actor, idle } = start();
    await idle();
    actor.send({ type: 'dashboards.favorite', id: 'd-freezers' });
    await idle();
    expect(favoriteIds(actor)).toEqual(['d-freezers']);
  });

  it('selects a dashboard: expands its group and navigates to it', async () => {
    const { actor, idle, navigate } = start();
    await idle();
    actor.send({ type: 'dashboards.select', id: 'd-chillers' });
    expect(actor.getSnapshot().context.groups[0]!.expanded).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/dashboard/d-chillers');
    actor.send({ type: 'dashboards.group.toggle', id: 'g-cold' });
    expect(actor.getSnapshot().context.groups[0]!.expanded).toBe(false);
  });

  it('selects the dashboard of the route once loaded', async () => {
    const { actor, idle, notFound } = start();
    actor.send({ type: 'dashboards.route', id: 'd-chillers' });
    await idle();
    expect(notFound).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.selectedId).toBe('d-chillers');
    expect(actor.getSnapshot().context.groups[0]!.expanded).toBe(true);
  });

  it('sends a missing route dashboard to 404, before and after loading', async () => {
    const { actor, idle, notFound } = start();
    actor.send({ type: 'dashboards.route', id: 'd-gone' });
    await idle();
    expect(notFound).toHaveBeenCalledWith('dashboards.notFound');
    actor.send({ type: 'dashboards.route', id: 'd-freezers' });
    expect(actor.getSnapshot().context.selectedId).toBe('d-freezers');
    actor.send({ type: 'dashboards.route', id: 'nope' });
    expect(notFound).toHaveBeenCalledTimes(2);
  });

  it('validates group names with the server, saves the members and returns removed ones to the top level', async () => {
    const validateDashboardGroupName = vi.fn().mockResolvedValueOnce(false).mockResolvedValue(true);
    const { actor, idle, api, names } = start({ validateDashboardGroupName });
    await idle();
    actor.send({ type: 'dashboards.group.edit', id: 'g-cold' });
    actor.send({ type: 'group.name', value: ' ' });
    actor.send({ type: 'group.submit' });
    expect(actor.getSnapshot().context.group.error).toBe('dashboards.groupNameRequired');
    actor.send({ type: 'group.name', value: 'Taken' });
    actor.send({ type: 'group.submit' });
    await waitFor(actor, (s) => s.context.group.error === 'dashboards.groupNameTaken');
    expect(validateDashboardGroupName).toHaveBeenCalledWith({ id: 'g-cold', name: 'Taken' });
    actor.send({ type: 'group.name', value: 'Freezing' });
    actor.send({ type: 'group.toggleDashboard', id: 'd-chillers' });
    actor.send({ type: 'group.submit' });
    await idle();
    expect(api.updateDashboardGroup).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'g-cold', name: 'Freezing', dashboardsData: ['d-freezers'] }),
    );
    // Equal orders fall back to the name.
    expect(names()).toEqual(['Freezing[Freezers]', 'Chillers', 'Overview']);
    // Deleting a group asks first; cancelling keeps it.
    actor.send({ type: 'dashboards.group.delete', id: 'g-cold' });
    expect(actor.getSnapshot().matches({ loaded: 'confirmingGroupDelete' })).toBe(true);
    actor.send({ type: 'dashboards.cancelDelete' });
    expect(api.deleteDashboardGroup).not.toHaveBeenCalled();
    actor.send({ type: 'dashboards.group.delete', id: 'g-cold' });
    actor.send({ type: 'dashboards.confirmDelete' });
    await idle();
    expect(names()).toEqual(['Freezers', 'Chillers', 'Overview']);
  });

  it('creates a group last and reports failed loads', async () => {
    const { actor, idle, api, notify } = start({
      listDashboards: vi.fn().mockRejectedValue(new Error('500')),
    });
    await idle();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(notify).toHaveBeenCalledWith('error', 'dashboards.loadFailed', undefined);
    vi.mocked(api.listDashboards).mockResolvedValue(dashboardsList);
    actor.send({ type: 'dashboards.reload' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    actor.send({ type: 'dashboards.group.create' });
    actor.send({ type: 'group.name', value: 'Cellars' });
    actor.send({ type: 'group.toggleDashboard', id: 'd-overview' });
    actor.send({ type: 'group.submit' });
    await waitFor(actor, (s) => s.matches({ loaded: 'idle' }));
    expect(api.createDashboardGroup).toHaveBeenCalledWith({
      name: 'Cellars',
      order: 2,
      dashboardsData: ['d-overview'],
    });
  });

  it('moves a dashboard or a group to a new place in CUSTOM mode and saves the orders', async () => {
    const { actor, idle, api, names } = start();
    await idle();
    actor.send({ type: 'dashboards.move', id: 'd-overview', to: 0 });
    expect(names()).toEqual(['Overview', 'Cold rooms[Freezers,Chillers]']);
    await idle();
    expect(api.updateDashboardsSorting).toHaveBeenCalledWith({
      sortData: {
        'g-cold': { order: 1, group: true },
        'd-overview': { order: 0, group: false },
        'd-freezers': { order: 0, group: false },
        'd-chillers': { order: 1, group: false },
      },
      sortMode: 'CUSTOM',
      sortDirection: 'ASC',
    });
    // Inside a group, among its dashboards; a place outside the siblings moves nothing.
    vi.mocked(api.updateDashboardsSorting).mockClear();
    actor.send({ type: 'dashboards.move', id: 'd-chillers', to: 0 });
    expect(actor.getSnapshot().matches({ loaded: 'reordering' })).toBe(true);
    await idle();
    actor.send({ type: 'dashboards.move', id: 'd-chillers', to: 5 });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(api.updateDashboardsSorting).toHaveBeenCalledTimes(1);
  });

  it('does not move in NAME mode, and reloads the stored orders when saving them fails', async () => {
    const named = { ...dashboardsList, settings: { sortMode: 'NAME', sortDirection: 'ASC' } } as const;
    const { actor, idle, api, notify } = start({}, named);
    await idle();
    actor.send({ type: 'dashboards.move', id: 'd-overview', to: 0 });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);

    const failing = start({ updateDashboardsSorting: vi.fn().mockRejectedValue(new Error('500')) });
    await failing.idle();
    failing.actor.send({ type: 'dashboards.move', id: 'd-overview', to: 0 });
    await failing.idle();
    expect(failing.notify).toHaveBeenCalledWith('error', 'dashboards.sortingFailed', undefined);
    expect(failing.api.listDashboards).toHaveBeenCalledTimes(2);
    expect(failing.names()).toEqual(['Cold rooms[Freezers,Chillers]', 'Overview']);
    expect(api.updateDashboardsSorting).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalledWith('error', 'dashboards.sortingFailed', undefined);
  });

  it('downloads the selected dashboard as a JSON file named after it, and names it when that fails', async () => {
    const { actor, idle, api, saveFile, notify } = start();
    await idle();
    actor.send({ type: 'dashboards.export' });
    await idle();
    expect(api.exportDashboard).toHaveBeenCalledWith('d-overview');
    const [fileName, contents] = saveFile.mock.calls[0]!;
    expect(fileName).toBe('d-overview.json');
    expect(JSON.parse(contents)).toMatchObject({ id: 'd-overview', widgets: [] });
    vi.mocked(api.exportDashboard).mockRejectedValue(new Error('500'));
    actor.send({ type: 'dashboards.export' });
    await idle();
    expect(notify).toHaveBeenCalledWith('error', 'dashboards.exportFailed', { name: 'Overview' });
  });

  it('imports through the wizard: the imported dashboard is added, selected and opened', async () => {
    const { actor, idle, api, navigate, notify } = start();
    await idle();
    actor.send({ type: 'dashboards.import' });
    const wizard = () => selectImportWizard(actor.getSnapshot())!;
    wizard().send({ type: 'import.cancel' });
    expect(actor.getSnapshot().matches({ loaded: 'idle' })).toBe(true);
    expect(selectImportWizard(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'dashboards.import' });
    const file = new File([JSON.stringify({ name: 'Shared', widgets: [] })], 'shared.json');
    wizard().send({ type: 'import.chooseFile', file });
    await waitFor(wizard(), (s) => s.context.document !== null);
    wizard().send({ type: 'import.next' });
    await waitFor(wizard(), (s) => s.matches('mapping'));
    wizard().send({ type: 'import.submit' });
    await idle();
    expect(api.importDashboard).toHaveBeenCalledWith({ name: 'Shared', widgets: [], createBuffers: false });
    expect(actor.getSnapshot().context.selectedId).toBe('d-imported');
    expect(navigate).toHaveBeenCalledWith('/dashboard/d-imported');
    expect(notify).toHaveBeenCalledWith('success', 'importWizard.imported', { name: 'Shared' });
  });
});
