import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import {
  selectIsDirty,
  selectLeaving,
  selectIsRenaming,
  selectRenameError,
  selectWidgetEditor,
  selectWidgetLive,
} from '../../src/machines/dashboardEditor/dashboardEditor.selectors';
import { firstFreeCell } from '../../src/machines/dashboardEditor/dashboardEditor.model';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { elementLineEditMachine } from '../../src/machines/elementLineEdit/elementLineEditMachine';
import {
  widgetDownloadLogic,
  type WidgetDownloadRequest,
} from '../../src/machines/dashboardEditor/widgetDownload';
import { DashboardConflictError } from '../../src/services/api';
import type { Dashboard, DashboardUpdateInput, OpenedDashboard } from '#contracts';
import type { NavigationRequest } from '../../src/services/navigation';
import type { Line } from '#contracts/devices';
import {
  editedDashboard,
  editorHost,
  freezerTopic,
  editingOverview,
} from '../support/fixtures/dashboardEditorFixtures';

/** editedDashboard with its second widget reading page 2 instead of page 1. */
const twoPages = {
  ...editedDashboard,
  widgets: editedDashboard.widgets.map((widget, index) =>
    index === 1
      ? { ...widget, elements: widget.elements.map((element) => ({ ...element, pageNumber: 2 })) }
      : widget,
  ),
} as Dashboard;

const setpoint: Line = {
  id: 'l-1',
  number: 1,
  lineNumber: 1,
  status: 'OK',
  value: '-18',
  unit: '°C',
  name: 'Setpoint',
  customName: null,
  page: 1,
  pageNumber: 1,
  hexacode: '00A1',
  department: 1,
  subDepartment: 0,
  readOnly: false,
  options: [],
  isFactorySettings: false,
} as unknown as Line;

/** The editor under a host that also runs a recording socket actor, as the signed-in world does. */
function start(
  dashboard: Dashboard = twoPages,
  loadLine = vi.fn(async () => setpoint as Line | null),
  download = vi.fn(async (request: WidgetDownloadRequest) => ({
    fileName: `${request.name}.csv`,
    blob: new Blob(['label,value']),
  })),
) {
  const saveFile = vi.fn();
  const save = vi.fn(
    async (input: DashboardUpdateInput) =>
      ({ ...dashboard, ...input, version: input.version + 1 }) as Dashboard,
  );
  const proceed = vi.fn<(request: NavigationRequest | null) => void>();
  const editor = dashboardEditorMachine.provide({
    actors: {
      loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => dashboard),
      saveDashboard: fromPromise(({ input }: { input: DashboardUpdateInput }) => save(input)),
      downloadWidget: widgetDownloadLogic(download, saveFile),
      elementLineEdit: elementLineEditMachine.provide({
        actors: { loadLine: fromPromise(loadLine) },
        actions: { notify: () => {} },
      }),
    },
    actions: { notify: () => {}, proceed: (_, request) => proceed(request) },
  });
  return { ...editorHost(editor), save, proceed, loadLine, download, saveFile };
}

const editing = (s = start()) => editingOverview(s);

describe('dashboard editor: editing beyond the grid', () => {
  it('renames in edit mode: a blank name is refused, the trimmed name is saved with the dashboard', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.rename' });
    expect(selectIsRenaming(s.actor.getSnapshot())).toBe(true);
    s.actor.send({ type: 'rename.change', value: '   ' });
    s.actor.send({ type: 'rename.submit' });
    expect(selectRenameError(s.actor.getSnapshot())).toBe('dashboardEditor.nameRequired');
    s.actor.send({ type: 'rename.change', value: '  Night shift ' });
    s.actor.send({ type: 'rename.submit' });
    expect(s.actor.getSnapshot().context.draft?.name).toBe('Night shift');
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    expect(s.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'Night shift', version: 3 }));
    s.host.stop();
  });

  it('follows the draft with its subscriptions: a removed widget drops its page, discard brings it back', async () => {
    const s = await editing();
    expect(s.topics('socket.subscribe')).toEqual([1, 2]);
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    expect(s.topics('socket.unsubscribe')).toEqual([2]);
    s.actor.send({ type: 'dashboard.leaveEdit' });
    s.actor.send({ type: 'dashboard.discard' });
    expect(s.topics('socket.subscribe')).toEqual([1, 2, 2]);
    s.host.stop();
  });

  it('asks about unsaved changes before a held move, and makes it once they are saved', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'navigation.requested', path: '/elsewhere', replace: false });
    expect(selectLeaving(s.actor.getSnapshot())).toBe('away');
    expect(s.proceed).not.toHaveBeenCalled();
    s.actor.send({ type: 'dashboard.confirmSave' });
    await waitFor(s.actor, (snap) => snap.matches('left'));
    expect(s.save).toHaveBeenCalledWith(expect.objectContaining({ id: 'd-overview', version: 3 }));
    expect(s.proceed).toHaveBeenCalledWith({ path: '/elsewhere', replace: false });
    expect(s.received.some((event) => event.type === 'session.logoutAllowed')).toBe(false);
    s.host.stop();
  });

  it('refuses a move while a dialog of edit mode is open over unsaved changes', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.rename' });
    s.actor.send({ type: 'navigation.requested', path: '/elsewhere', replace: true });
    expect(selectIsRenaming(s.actor.getSnapshot())).toBe(true);
    expect(s.proceed).not.toHaveBeenCalled();
    s.host.stop();
  });

  it('lets a held logout go on once the unsaved changes are discarded', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'session.logoutRequested', replyTo: s.host });
    expect(selectLeaving(s.actor.getSnapshot())).toBe('away');
    s.actor.send({ type: 'dashboard.discard' });
    expect(s.received.filter((event) => event.type === 'session.logoutAllowed')).toHaveLength(1);
    expect(s.proceed).toHaveBeenCalledWith(null);
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(false);
    s.host.stop();
  });

  it('after a conflict, keeps the draft at the stored version so the next save overwrites it', async () => {
    const s = await editing();
    s.save.mockRejectedValueOnce(new DashboardConflictError(9));
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'resolvingConflict' }));
    s.actor.send({ type: 'dashboard.stayEditing' });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }) && !snap.context.dirty);
    expect(s.save).toHaveBeenLastCalledWith(expect.objectContaining({ version: 9 }));
    s.host.stop();
  });

  it('drops the edits of a dashboard the list deleted: the move that follows is not asked about', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.deleted', id: 'd-other' });
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(true);
    s.actor.send({ type: 'dashboard.deleted', id: 'd-overview' });
    s.actor.send({ type: 'navigation.requested', path: '/dashboard/d-next', replace: false });
    expect(s.proceed).toHaveBeenCalledWith({ path: '/dashboard/d-next', replace: false });
    s.host.stop();
  });

  it('takes a rename from the list, so the next save carries the new version', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.renamed', dashboard: { ...twoPages, name: 'Night shift', version: 7 } });
    s.actor.send({ type: 'dashboard.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    expect(s.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'Night shift', version: 7 }));
    expect(s.actor.getSnapshot().context.draft?.widgets).toHaveLength(1);
    s.host.stop();
  });

  it('asks nothing when the route leaves without changes', async () => {
    const s = await editing();
    s.actor.send({ type: 'navigation.requested', path: '/elsewhere', replace: false });
    expect(selectLeaving(s.actor.getSnapshot())).toBeNull();
    expect(s.proceed).toHaveBeenCalledWith({ path: '/elsewhere', replace: false });
    s.host.stop();
  });

  it('edits a widget line: loads it, runs the line-details dialog, and forgets it when closed', async () => {
    const s = await editing();
    const element = twoPages.widgets[0]!.elements[0]!;
    s.actor.send({ type: 'dashboard.editLine', element });
    const lineEdit = s.actor.getSnapshot().context.lineEdit!;
    await waitFor(lineEdit, (snap) => snap.matches('editing'));
    expect(s.loadLine).toHaveBeenCalledWith(
      expect.objectContaining({ input: expect.objectContaining({ hexacode: '00A1', page: 1, line: 1 }) }),
    );
    // A second request while one runs is ignored.
    s.actor.send({ type: 'dashboard.editLine', element });
    expect(s.actor.getSnapshot().context.lineEdit).toBe(lineEdit);
    lineEdit.getSnapshot().children.lineEdit!.send({ type: 'lineEdit.cancel' });
    await waitFor(s.actor, (snap) => snap.context.lineEdit === null);
    s.host.stop();
  });

  it('calls a widget live once each of its lines has a value', async () => {
    const s = await editing();
    expect(selectWidgetLive('w-1')(s.actor.getSnapshot())).toBe(false);
    s.actor.send({
      type: 'page.valuesPushed',
      topic: freezerTopic,
      lines: [
        { number: 1, status: 'OK', value: '-18.5', unit: '°C', state: null },
        { number: 2, status: 'NO_DATA', value: null, unit: null, state: null },
      ],
    });
    expect(selectWidgetLive('w-1')(s.actor.getSnapshot())).toBe(true);
    expect(selectWidgetLive('w-2')(s.actor.getSnapshot())).toBe(false);
    expect(selectWidgetLive('missing')(s.actor.getSnapshot())).toBe(false);
    s.host.stop();
  });

  it('adds a widget through the widget details dialog in the first free cell, and edits one in place', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.addWidget' });
    const dialog = selectWidgetEditor(s.actor.getSnapshot())!;
    // editedDashboard fills x 0-5 of rows 0-3: the new 3×4 widget goes to x 6.
    expect(dialog.getSnapshot().context.draft.position).toMatchObject({ x: 6, y: 0, w: 3, h: 4 });
    dialog.send({ type: 'widget.cancel' });
    expect(s.actor.getSnapshot().matches({ loaded: 'editing' })).toBe(true);
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(false);

    s.actor.send({ type: 'dashboard.editWidget', id: 'w-2' });
    const editor = selectWidgetEditor(s.actor.getSnapshot())!;
    editor.send({ type: 'widget.change', patch: { name: 'Chiller values' } });
    editor.send({ type: 'widget.save' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    const widgets = s.actor.getSnapshot().context.draft!.widgets;
    expect(widgets.map((widget) => widget.name)).toEqual(['Freezer line', 'Chiller values']);
    expect(selectIsDirty(s.actor.getSnapshot())).toBe(true);
    s.host.stop();
  });

  it('downloads the values of a widget as a file, and names the widget when that fails', async () => {
    const s = await editing();
    s.actor.send({ type: 'dashboard.downloadWidget', id: 'w-1', exportType: 'CSV' });
    await vi.waitFor(() =>
      expect(s.saveFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'Freezer line.csv' })),
    );
    expect(s.download).toHaveBeenCalledWith({
      dashboardId: 'd-overview',
      widgetId: 'w-1',
      exportType: 'CSV',
      name: 'Freezer line',
      // A widget of live values: its current values, over no range.
      range: null,
    });

    s.download.mockRejectedValueOnce(new Error('500'));
    s.actor.send({ type: 'dashboard.downloadWidget', id: 'w-2', exportType: 'JSON' });
    await vi.waitFor(() =>
      expect(s.notices).toContainEqual(
        expect.objectContaining({
          message: { id: 'dashboardEditor.downloadFailed', values: { name: 'Chiller line' } },
        }),
      ),
    );
    expect(s.saveFile).toHaveBeenCalledTimes(1);
    s.host.stop();
  });
});

describe('first free cell of the grid', () => {
  const at = (x: number, y: number, w: number, h: number) => ({ position: { x, y, w, h } });
  it('is 0,0 on an empty dashboard', () => {
    expect(firstFreeCell([])).toMatchObject({ x: 0, y: 0, w: 3, h: 4 });
  });
  it('is the first gap wide and high enough, scanning rows then columns', () => {
    expect(firstFreeCell([at(0, 0, 3, 4), at(6, 0, 6, 2)])).toMatchObject({ x: 3, y: 0 });
    expect(firstFreeCell([at(0, 0, 10, 4), at(0, 4, 12, 1)])).toMatchObject({ x: 0, y: 5 });
  });
  it('is below everything when no gap fits', () => {
    expect(firstFreeCell([at(0, 0, 12, 3), at(0, 3, 5, 6)])).toMatchObject({ x: 5, y: 3 });
    expect(firstFreeCell([at(0, 0, 12, 3), at(0, 3, 11, 6)])).toMatchObject({ x: 0, y: 9 });
  });
});
