import '../support/fakes/resizeObserver';
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, createMachine, type SnapshotFrom } from 'xstate';
import { dashboardEditorMachine } from '../../src/machines/dashboardEditor/dashboardEditorMachine';
import { DashboardConflictError } from '../../src/services/api';
import type { OpenedDashboard } from '#contracts';
import type { ModelOptions } from '../support/paths/coveringPaths';
import { freezerTopic, layoutOf } from '../support/fixtures/dashboardEditorFixtures';
import {
  button,
  DEVICE_PAGE,
  dialogNamed,
  play,
  PUSHED,
  start,
  stop,
  type EditorModelEvent,
} from '../support/worlds/dashboardEditorPathPlay';
import {
  conflictAsked,
  dashboardShown,
  editToolbar,
  leftShown,
  noDialog,
  notShown,
  readsLive,
  sentAndSaid,
  unsavedAsked,
} from '../support/worlds/dashboardEditorPathViews';
import {
  CHART,
  dashboardOf,
  freezerOf,
  NAMES,
  ORIGINAL,
  SHAPES,
  shapeKey,
  shapeOf,
} from '../support/worlds/dashboardEditorPathWorld';
import { summary } from '../support/fixtures/dashboardFixtures';
import { installFakeCanvas } from '../support/fakes/fakeCanvas';
import { modelEvents } from '../support/paths/modelEvents';
import { describeViewPaths } from '../support/paths/viewPaths';

installFakeCanvas();

type EditorSnapshot = SnapshotFrom<typeof dashboardEditorMachine>;
const { done, failed } = modelEvents<typeof dashboardEditorMachine>();
const FREEZER_LINE = freezerOf(ORIGINAL).name;

const shapeOrNull = (dashboard: OpenedDashboard | null) => (dashboard ? shapeOf(dashboard) : null);
/** Keep editing after a conflict: the draft carries the version that met it, the stored copy its own. */
const keptOverConflict = ({ context: { draft, stored } }: EditorSnapshot) =>
  draft !== null && stored !== null && draft.version !== stored.version;
const WIDGET_SAVED = done('widgetEditor', { widget: freezerOf({ ...ORIGINAL, freezerRenamed: true }) });
const renamedInList = { ...summary('d-overview', NAMES.list, { favorite: true }), version: 3 };

const model: ModelOptions<typeof dashboardEditorMachine> = {
  events: [
    { type: 'dashboard.open', id: 'd-overview' },
    { type: 'dashboard.close' },
    { type: 'dashboard.reload' },
    ...SHAPES.map((shape) => done('loadDashboard', dashboardOf(shape))),
    failed('loadDashboard', 'server error'),
    { type: 'dashboard.edit' },
    { type: 'dashboard.layoutChanged', layout: layoutOf(dashboardOf({ ...ORIGINAL, moved: true })) },
    { type: 'dashboard.removeWidget', id: 'w-2' },
    { type: 'dashboard.toggleFullscreen', id: 'w-1' },
    { type: 'dashboard.downloadWidget', id: 'w-1', exportType: 'CSV' },
    {
      type: 'page.valuesPushed',
      topic: freezerTopic,
      lines: [{ number: 1, status: 'OK', value: PUSHED.value, unit: PUSHED.unit, state: null }],
    },
    { type: 'dashboard.addWidget' },
    { type: 'dashboard.editWidget', id: 'w-1' },
    WIDGET_SAVED,
    done('widgetEditor', null),
    { type: 'dashboard.rename' },
    { type: 'rename.change', value: ' ' },
    { type: 'rename.change', value: NAMES.prompt },
    { type: 'rename.submit' },
    { type: 'rename.cancel' },
    { type: 'dashboard.save' },
    { type: 'dashboard.leaveEdit' },
    // A link to the device page, and the browser's back to it (the path came from there).
    { type: 'navigation.requested', path: DEVICE_PAGE, replace: false },
    { type: 'navigation.requested', path: DEVICE_PAGE, replace: true },
    // The app asks, with itself to answer (the model's stand-in is never sent to: the product plays the click).
    { type: 'session.logoutRequested', replyTo: createActor(createMachine({})) },
    { type: 'dashboard.reloadStored' },
    { type: 'dashboard.confirmSave' },
    { type: 'dashboard.discard' },
    { type: 'dashboard.stayEditing' },
    ...SHAPES.map((shape) => done('saveDashboard', dashboardOf(shape, 4))),
    // Named in the test titles by their kind.
    failed('saveDashboard', Object.assign(new DashboardConflictError(5), { kind: 'conflict' })),
    failed('saveDashboard', 'server error'),
    { type: 'dashboard.renamed', dashboard: renamedInList },
    { type: 'dashboard.editLine', element: freezerOf(ORIGINAL).elements[0]! },
    done('elementLineEdit'),
    { type: 'dashboard.editAnnotations', id: 'w-chart' },
    { type: 'dashboard.annotationsSaved', widgetId: 'w-chart', annotations: [] },
    done('annotations'),
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      open: s.context.id,
      dirty: s.context.dirty,
      exit: s.context.exit?.kind ?? null,
      conflictVersion: s.context.conflictVersion,
      keptOverConflict: keptOverConflict(s),
      fullscreen: s.context.fullscreenId,
      pushed: Object.keys(s.context.values).length > 0,
      rename: s.context.rename,
      widgetId: s.context.widgetId,
      lineEdit: s.context.lineEdit !== null,
      annotations: s.context.annotations !== null,
      stored: shapeOrNull(s.context.stored),
      draft: shapeOrNull(s.context.draft),
    }),
  filterEvents: (s, event) => allowed(s, event),
};

/**
 * What a user can do in each state, and the answers the server can give. Loads and saves answer the
 * dashboard the server holds (the model's stored copy, the saved draft); with a dialog of a widget open
 * nothing else is within reach, nor, but the widget's header, with a widget shown full screen.
 */
function allowed(s: EditorSnapshot, event: EditorModelEvent): boolean {
  const { context } = s;
  const type: string = event.type;
  const draft = shapeOrNull(context.draft);
  const output = (event as { output?: unknown }).output;
  // A path makes one change at most, from the original (SHAPES): the server's copy stays one the model knows.
  const unchanged =
    draft !== null &&
    shapeKey(draft) === shapeKey(ORIGINAL) &&
    shapeKey(shapeOf(context.stored!)) === shapeKey(ORIGINAL);
  // Gone from the dashboard: the route's report follows a move; nothing follows a logout.
  if (s.matches('left')) return type === 'dashboard.close' && context.exit?.kind === 'route';
  if (context.lineEdit) return type === 'xstate.done.actor.elementLineEdit';
  // The paths chain what needs no path of its own: the annotation deleted before the dialog closes, a value
  // pushed to the widget shown full screen before it is downloaded, the widget edited before one is added.
  if (context.annotations)
    return type === 'dashboard.annotationsSaved'
      ? draft!.annotated
      : type === 'xstate.done.actor.annotations' && !draft!.annotated;
  const pushed = Object.keys(context.values).length > 0;
  if (context.fullscreenId)
    return (
      type === 'dashboard.toggleFullscreen' ||
      (type === 'page.valuesPushed' && !pushed) ||
      (type === 'dashboard.downloadWidget' && pushed)
    );
  const viewing = s.matches({ loaded: 'viewing' });
  const onGrid = viewing || s.matches({ loaded: 'editing' });
  switch (type) {
    case 'dashboard.open':
      return context.id === null;
    case 'dashboard.close':
      // The server still holds Overview when the operator comes back.
      return viewing && unchanged;
    case 'navigation.requested':
      // Asked about in edit mode with changes; refused (the back button) while the question is open. A move
      // without changes is dashboard.close's (the product walks the move on its way there).
      return (
        context.dirty &&
        (s.matches({ loaded: 'editing' }) ||
          (s.matches({ loaded: 'confirmingLeave' }) && (event as { replace: boolean }).replace))
      );
    case 'session.logoutRequested':
      // The app asks only with unsaved changes; the account menu is out of reach under a dialog.
      return context.dirty && s.matches({ loaded: 'editing' });
    case 'xstate.done.actor.loadDashboard':
      return (
        shapeKey(shapeOf(output as OpenedDashboard)) === shapeKey(shapeOrNull(context.stored) ?? ORIGINAL)
      );
    case 'xstate.done.actor.saveDashboard':
      // Another operator always saved Overview first: a plain Save meets a conflict, and the one that goes
      // through is the Save after Keep editing, which overwrites their copy (the conflict dialog's promise).
      return (
        shapeKey(shapeOf(output as OpenedDashboard)) === shapeKey(draft!) &&
        (context.exit !== null || keptOverConflict(s))
      );
    case 'xstate.done.actor.widgetEditor':
      // Editing the Freezer line saves it; adding one is cancelled (a new widget is the widget editor's suite).
      return output === null ? context.widgetId === null : context.widgetId === 'w-1';
    case 'dashboard.layoutChanged':
    case 'dashboard.removeWidget':
    case 'dashboard.editWidget':
    case 'dashboard.rename':
      return unchanged;
    case 'rename.change':
      return (event as { value: string }).value !== context.rename.value;
    case 'xstate.done.actor.elementLineEdit':
    case 'xstate.done.actor.annotations':
    case 'dashboard.annotationsSaved':
    case 'page.valuesPushed':
    case 'dashboard.downloadWidget':
      // Only with their dialog open or the widget full screen (above).
      return false;
    case 'dashboard.renamed':
    case 'dashboard.editAnnotations':
      return viewing && unchanged;
    case 'dashboard.toggleFullscreen':
      return onGrid;
    case 'dashboard.editLine':
      return viewing;
    case 'dashboard.addWidget':
      return draft!.freezerRenamed;
    case 'rename.cancel':
      return context.rename.error !== null;
    default:
      return true;
  }
}

describeViewPaths('dashboard editor, played on the dashboard view', dashboardEditorMachine, {
  model,
  start,
  play,
  stop,
  unreachable: {
    'dashboardEditor on dashboard.open #1 [sameDashboard]':
      'the app sends dashboard.open on a route change only, and the router reports each path once (it decodes it, so no other spelling of the id is another route); tests/machines/dashboardEditorMachine.test.ts sends it',
    'dashboardEditor on dashboard.deleted [sameDashboard]':
      'deleting the open dashboard also moves the route to its replacement at once (dashboard.open follows in the same click), so no view shows the state after deleted alone; tests/machines/dashboardEditorEditing.test.ts covers it',
  },
  states: {
    idle: (_, world) => {
      expect(window.location.pathname).toBe(DEVICE_PAGE);
      expect(screen.queryByRole('article', { name: FREEZER_LINE })).toBeNull();
      expect(screen.queryByRole('button', { name: /^(Edit dashboard|Done)$/ })).toBeNull();
      readsLive(world, false);
      sentAndSaid(world);
    },
    loading: (_, world) => {
      notShown(world);
      expect(screen.getByText('Loading dashboard…')).toBeTruthy();
      expect(world.server.loads.waiting(), 'a load waits').toBe(true);
    },
    failed: (_, world) => {
      notShown(world);
      expect(button('Retry').disabled).toBe(false);
      expect(world.server.loads.waiting(), 'no load waits').toBe(false);
    },
    'loaded.viewing': (_, world) => {
      expect(world.editing, 'in view mode').toBe(false);
      dashboardShown(world);
      expect(screen.queryByRole('button', { name: 'Save', hidden: true })).toBeNull();
      expect(screen.queryAllByRole('button', { name: /^Delete widget /, hidden: true })).toHaveLength(0);
      if (world.dialog === 'annotations') expect(dialogNamed(`Annotations of ${CHART}`)).toBeTruthy();
      else expect(screen.queryByRole('dialog')).toBeNull();
      // The line edit reads the line first; its dialog opens with the answer.
      expect(world.server.lineReads.waiting(), 'a line read waits').toBe(world.dialog === 'lineRead');
    },
    'loaded.editing': (_, world) => {
      dashboardShown(world);
      editToolbar(world, false);
      noDialog(world);
    },
    'loaded.editingWidget': (_, world) => {
      dashboardShown(world);
      editToolbar(world, false);
      expect(dialogNamed(world.dialog === 'addWidget' ? 'Add widget' : 'Widget details')).toBeTruthy();
    },
    'loaded.renaming': (_, world) => {
      dashboardShown(world);
      editToolbar(world, false);
      const dialog = within(dialogNamed('Rename dashboard'));
      expect(dialog.getByRole<HTMLInputElement>('textbox', { name: 'Dashboard name' }).value).toBe(
        world.rename.value,
      );
      expect(dialog.queryByText('Name is required') !== null, 'the name error').toBe(world.rename.error);
    },
    'loaded.confirmingLeave': (_, world) => {
      dashboardShown(world);
      editToolbar(world, false);
      unsavedAsked(world, false);
    },
    'loaded.saving': (_, world) => {
      dashboardShown(world);
      editToolbar(world, true);
      if (world.exit) unsavedAsked(world, true);
      else noDialog(world);
    },
    'loaded.resolvingConflict': (_, world) => {
      dashboardShown(world);
      editToolbar(world, false);
      conflictAsked(world);
    },
    left: (_, world) => leftShown(world),
    'loaded.saved': () => {
      throw new Error('saved is left at once by its eventless transition: no path stops in it');
    },
  },
});
