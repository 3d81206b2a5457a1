import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise, waitFor } from 'xstate';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { annotationsMachine } from '../../src/machines/annotations/annotationsMachine';
import type { AnnotationsSave } from '../../src/machines/annotations/annotations.events';
import type { widgetEditorMachine } from '../../src/machines/widgetEditor/widgetEditorMachine';
import type { WidgetEditorInput } from '../../src/machines/widgetEditor/widgetEditor.events';
import { Widget, type Dashboard, type DashboardUpdateInput, type OpenedDashboard } from '#contracts';
import { defrost } from '../support/fixtures/annotationFixtures';
import {
  editedDashboard,
  editorHost,
  freezerPage,
  overviewWith,
} from '../support/fixtures/dashboardEditorFixtures';
import { coldRoom, widgetOf } from '../support/fixtures/widgetFixtures';

/**
 * Freezer line (page 1, and a spare line whose page was never picked), Chiller line (page 2) and Room chart
 * (Cold room, page 1) with its defrost annotation.
 */
const overview = overviewWith([
  {
    ...editedDashboard.widgets[0],
    elements: [
      ...editedDashboard.widgets[0]!.elements,
      { id: 'e-spare', ...freezerPage, pageNumber: null, lineNumber: 4 },
    ],
  },
  {
    ...editedDashboard.widgets[1],
    elements: [{ id: 'e-3', ...freezerPage, pageNumber: 2, lineNumber: 3 }],
  },
  widgetOf('LINE_CHART', [{ id: 'air', ...coldRoom, lineNumber: 1, name: 'Air' }], {
    id: 'w-chart',
    name: 'Room chart',
    position: { i: 'w-chart', x: 6, y: 0, w: 6, h: 6 },
    markAreaElements: [defrost],
  }),
]);

/** A LINE widget the widget details dialog answers for a new widget, where the editor placed it. */
const newWidget = ({ position }: WidgetEditorInput) =>
  v.parse(Widget, {
    id: 'w-new',
    type: 'LINE',
    name: 'Door line',
    position: { ...position, i: 'w-new' },
    elements: [{ id: 'e-9', ...freezerPage, pageNumber: 3, lineNumber: 1 }],
  });

/**
 * The editor on Overview; the server answers a save with what `stored` makes of the body (as sent by default).
 * The widget details dialog saves newWidget; the annotations dialog's saves are recorded.
 */
function start(stored: (body: DashboardUpdateInput) => DashboardUpdateInput = (body) => body) {
  const save = vi.fn(
    async (body: DashboardUpdateInput) =>
      ({ ...overview, ...stored(body), version: body.version + 1 }) as Dashboard,
  );
  const annotationSaves: AnnotationsSave[] = [];
  const editor = dashboardEditorMachine.provide({
    actors: {
      loadDashboard: fromPromise(async (): Promise<OpenedDashboard> => overview),
      saveDashboard: fromPromise(({ input }: { input: DashboardUpdateInput }) => save(input)),
      annotations: annotationsMachine.provide({
        actors: {
          saveAnnotations: fromPromise(async ({ input }: { input: AnnotationsSave }) => {
            annotationSaves.push(input);
            return input.annotations;
          }),
        },
      }),
      // The dialog itself is the widget editor's suite: here it answers a new widget where it was asked to go.
      widgetEditor: fromPromise(async ({ input }: { input: WidgetEditorInput }) => ({
        widget: newWidget(input),
      })) as unknown as typeof widgetEditorMachine,
    },
    actions: { notify: () => {} },
  });
  const world = editorHost(editor);
  world.actor.send({ type: 'dashboard.open', id: overview.id });
  return { ...world, save, annotationSaves };
}

type Editor = ReturnType<typeof start>['actor'];
const loaded = (actor: Editor) => waitFor(actor, (s) => s.matches({ loaded: 'viewing' }));
const saved = (actor: Editor) => waitFor(actor, (s) => s.matches({ loaded: 'editing' }) && !s.context.dirty);
const chartAnnotations = (dashboard: OpenedDashboard | null) =>
  (dashboard?.widgets.find(({ id }) => id === 'w-chart') as Widget | undefined)?.markAreaElements;

describe('dashboard editor: what the list, its dialogs and the server tell it', () => {
  it('takes a rename from the list while viewing: edit mode starts from it, and its save carries the new version', async () => {
    const s = start();
    await loaded(s.actor);
    s.actor.send({ type: 'dashboard.renamed', dashboard: { ...overview, name: 'Cold store', version: 4 } });
    s.actor.send({ type: 'dashboard.edit' });
    expect(s.actor.getSnapshot().context.draft?.name).toBe('Cold store');
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.save' });
    await saved(s.actor);
    expect(s.save).toHaveBeenCalledWith(expect.objectContaining({ name: 'Cold store', version: 4 }));
    s.host.stop();
  });

  it('shows saved annotations on both copies: they are no unsaved change, and a discard keeps them', async () => {
    const s = start();
    await loaded(s.actor);
    s.actor.send({ type: 'dashboard.editAnnotations', id: 'w-chart' });
    s.actor.getSnapshot().context.annotations!.send({ type: 'annotation.delete', index: 0 });
    await waitFor(s.actor, (snap) => chartAnnotations(snap.context.draft)?.length === 0);
    expect(s.annotationSaves).toEqual([{ dashboardId: 'd-overview', widgetId: 'w-chart', annotations: [] }]);
    const { draft } = s.actor.getSnapshot().context;
    expect(draft?.name).toBe('Overview');
    expect(draft?.widgets.map(({ id }) => id)).toEqual(['w-1', 'w-2', 'w-chart']);
    expect(s.actor.getSnapshot().context.dirty).toBe(false);

    // Edit mode starts from the stored copy, and a discard goes back to it: the deleted annotation stays gone.
    s.actor.send({ type: 'dashboard.edit' });
    s.actor.send({ type: 'dashboard.removeWidget', id: 'w-2' });
    s.actor.send({ type: 'dashboard.leaveEdit' });
    s.actor.send({ type: 'dashboard.discard' });
    expect(chartAnnotations(s.actor.getSnapshot().context.draft)).toEqual([]);
    expect(s.actor.getSnapshot().context.draft?.widgets).toHaveLength(3);
    s.host.stop();
  });

  it('closes the annotations dialog when the dashboard closes: its actor does not outlive the dashboard', async () => {
    const s = start();
    await loaded(s.actor);
    s.actor.send({ type: 'dashboard.editAnnotations', id: 'w-chart' });
    const dialog = s.actor.getSnapshot().context.annotations!;
    s.actor.send({ type: 'dashboard.close' });
    expect(dialog.getSnapshot().status).toBe('stopped');
    expect(s.actor.getSnapshot().children).toEqual({});
    s.host.stop();
  });

  it('adds a new widget after the others in the first free cell, reads it live, and saves it with them', async () => {
    const s = start();
    await loaded(s.actor);
    s.actor.send({ type: 'dashboard.edit' });
    s.actor.send({ type: 'dashboard.addWidget' });
    await waitFor(s.actor, (snap) => snap.matches({ loaded: 'editing' }));
    const { draft, dirty } = s.actor.getSnapshot().context;
    expect(draft?.widgets.map(({ id }) => id)).toEqual(['w-1', 'w-2', 'w-chart', 'w-new']);
    // Rows 0-3 of columns 0-5 and rows 0-5 of columns 6-11 are taken: the first free 3×4 cell is at row 4.
    expect(draft?.widgets[3]?.position).toMatchObject({ x: 0, y: 4, w: 3, h: 4 });
    expect(dirty).toBe(true);
    expect(s.topics('socket.subscribe')).toEqual([1, 2, 1, 3]);
    s.actor.send({ type: 'dashboard.save' });
    await saved(s.actor);
    expect(s.save.mock.calls[0]![0].widgets.map(({ id }) => id)).toEqual(['w-1', 'w-2', 'w-chart', 'w-new']);
    s.host.stop();
  });

  it('reads live what the server stored: a page its saved copy no longer reads is dropped', async () => {
    // The server answers the save with its copy, here one without the Chiller line.
    const s = start((body) => ({ ...body, widgets: body.widgets.filter((w) => (w as Widget).id !== 'w-2') }));
    await loaded(s.actor);
    s.actor.send({ type: 'dashboard.edit' });
    s.actor.send({ type: 'dashboard.layoutChanged', layout: [{ i: 'w-1', x: 0, y: 4, w: 3, h: 4 }] });
    s.actor.send({ type: 'dashboard.save' });
    await saved(s.actor);
    expect(s.topics('socket.unsubscribe')).toEqual([2]);
    s.host.stop();
  });

  it('subscribes to the page of each line once, and to none for a line whose page was never picked', async () => {
    const s = start();
    await loaded(s.actor);
    expect(s.received.filter(({ type }) => type === 'socket.subscribe').map(({ topic }) => topic)).toEqual([
      { kind: 'page', hexacode: '00A1', department: 1, subDepartment: 0, page: 1 },
      { kind: 'page', hexacode: '00A1', department: 1, subDepartment: 0, page: 2 },
      { kind: 'page', hexacode: '1A0105', department: 1, subDepartment: 0, page: 1 },
    ]);
    s.host.stop();
  });
});
