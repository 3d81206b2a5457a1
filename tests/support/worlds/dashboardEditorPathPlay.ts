import { fireEvent, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { dashboardEditorMachine } from '../../../src/machines/dashboardEditor/dashboardEditorMachine';
import { DashboardConflictError } from '../../../src/services/api';
import type { OpenedDashboard } from '#contracts';
import { storeSession } from '../dom/renderApp';
import {
  answerLoad,
  answerSave,
  CHART,
  CHILLER,
  dashboardServer,
  failLineRead,
  freezerOf,
  NAMES,
  ORIGINAL,
  savedFiles,
  shapeOf,
  widgetNames,
  type DashboardServer,
  type Shape,
} from './dashboardEditorPathWorld';
import { operatorSession } from '../fixtures/fixtures';
import { renderProduct } from '../paths/viewPaths';
import { server as msw } from '../../ui/setup';
import { toastsShown, type ToastsShown } from '../dom/toastsShown';

/**
 * How the dashboard editor's path tests play the model's events on the dashboard view: the operator's clicks,
 * typing and drags, the server's answers and the socket's pushes, each recorded in the world.
 */
export type EditorModelEvent = Parameters<typeof dashboardEditorMachine.transition>[1];

/**
 * Where the paths start and where the operator goes when leaving the dashboard: Room's page (the home page
 * would open the favorite dashboard, SPEC §2).
 */
export const DEVICE_PAGE = '/0A0B0C/1/0/pages/1';
export const PUSHED = { value: '-18.5', unit: '°C', shown: '-18.5 °C' };
const TOAST = {
  loadFailed: (name: string) => `The dashboard ${name} could not be loaded`,
  saved: (name: string) => `Dashboard ${name} saved`,
  saveFailed: (name: string) => `The dashboard ${name} could not be saved`,
  listRenamed: (name: string) => `Dashboard renamed to ${name}`,
  lineFailed: 'The line could not be loaded; try again',
  annotationsSaved: 'Annotations saved',
};

export type Dialog =
  'addWidget' | 'editWidget' | 'rename' | 'unsaved' | 'conflict' | 'lineRead' | 'annotations' | null;

/** Where the operator was going when asked about unsaved changes: out of edit mode, or away (route, logout). */
type Exit = 'view' | 'route' | 'logout';

/** What the operator did, what the server holds and answered, and what SPEC §2/§4 make of it on the view. */
export interface EditorWorld {
  user: UserEvent;
  socket: ReturnType<typeof renderProduct>;
  server: DashboardServer;
  toasts: ToastsShown;
  files: ReturnType<typeof savedFiles>;
  /** The dashboard's name in the list (the sidebar's link, the heading until it is loaded). */
  listName: string;
  /** The editor's copies: as last loaded or saved, and as shown with the edits. */
  stored: Shape | null;
  shown: Shape | null;
  version: number;
  dirty: boolean;
  editing: boolean;
  fullscreen: boolean;
  value: string | null;
  dialog: Dialog;
  rename: { value: string; error: boolean };
  /** The unsaved question's reason while it is asked (and its save runs). */
  exit: Exit | null;
  /** Where the operator went once the question was answered (left the dashboard, or signed out). */
  left: Exit | null;
  expectedSaves: { shape: Shape; version: number }[];
  expectedToasts: string[];
  expectedFiles: string[];
}

const jsdomWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth');

export async function start(inspect: (event: InspectionEvent) => void): Promise<EditorWorld> {
  // A window wide enough for the 12-column grid, where widgets are dragged (SPEC §9).
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1400 });
  // Entries behind the path's start, so each back of the operator lands on the device page.
  for (let entry = 0; entry < 3; entry++) window.history.pushState(null, '', DEVICE_PAGE);
  const dashboards = dashboardServer();
  msw.use(...dashboards.handlers);
  storeSession(operatorSession);
  const world: EditorWorld = {
    user: userEvent.setup({ delay: null }),
    socket: renderProduct(DEVICE_PAGE, { inspect }),
    server: dashboards,
    toasts: toastsShown(),
    files: savedFiles(),
    listName: NAMES.listed,
    stored: null,
    shown: null,
    version: 0,
    dirty: false,
    editing: false,
    fullscreen: false,
    value: null,
    dialog: null,
    rename: { value: '', error: false },
    exit: null,
    left: null,
    expectedSaves: [],
    expectedToasts: [],
    expectedFiles: [],
  };
  // The signed-in shell is a lazily loaded chunk: slow on a busy machine.
  await screen.findByRole('link', { name: NAMES.listed }, { timeout: 20_000 });
  await vi.waitFor(() => expect(world.socket.connections).toHaveLength(1));
  world.socket.last().listeners.opened();
  return world;
}

export function stop(world: EditorWorld) {
  world.files.stop();
  if (jsdomWidth) Object.defineProperty(window, 'innerWidth', jsdomWidth);
  else Reflect.deleteProperty(window, 'innerWidth');
}

export const button = (name: string | RegExp, hidden = false) =>
  screen.getByRole<HTMLButtonElement>('button', { name, hidden });
export const dialogNamed = (name: string) => screen.getByRole('dialog', { name });
export const freezerName = (world: EditorWorld) => widgetNames(world.shown!)[0]!;

/** The dashboard's header: its name, the buttons of edit mode and the edit toggle. */
export const toolbar = (hidden: boolean) => screen.getByRole('heading', { level: 1, hidden }).parentElement!;

/**
 * Drags Chiller line across the grid. jsdom lays nothing out: every box is at 0,0, so react-grid-layout (which
 * measures from the item's offset parent, here its container) places it in the top left corner, the Freezer
 * line pushed below it.
 */
function dragChiller() {
  const item = screen.getByRole('heading', { name: CHILLER }).closest<HTMLElement>('.react-grid-item')!;
  const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent')!;
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return this.parentElement;
    },
  });
  try {
    fireEvent.mouseDown(item, { clientX: 10, clientY: 10, button: 0 });
    fireEvent.mouseMove(document, { clientX: 150, clientY: 10 });
    fireEvent.mouseMove(document, { clientX: 310, clientY: 10 });
    fireEvent.mouseUp(document, { clientX: 310, clientY: 10 });
  } finally {
    Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
  }
}

/** The device tree's link to the device page the paths start on, its device and department opened first. */
async function devicePageLink(user: UserEvent) {
  const tree = within(screen.getByRole('tree', { name: 'Devices' }));
  const open = async (name: RegExp) => {
    const expand = tree.queryByRole('button', { name });
    if (expand) await user.click(expand);
  };
  await open(/^Expand Cold room$/);
  await open(/^Expand 1\.0 /);
  return tree.findByRole('link', { name: '1 Overview' });
}

/** The browser's back button. jsdom fires popstate only between entries of different states, browsers always. */
async function browserBack() {
  // Captured: a held move's popstate never reaches the listeners after the app's (navigation.ts).
  const moved = new Promise((resolve) =>
    window.addEventListener('popstate', resolve, { once: true, capture: true }),
  );
  window.history.replaceState({ ...window.history.state, left: true }, '', window.location.pathname);
  window.history.back();
  await moved;
}

/** The operator answered the unsaved question of a move away: the move is made (or the session ends). */
function leave(world: EditorWorld) {
  Object.assign(world, { left: world.exit, exit: null, dialog: null, editing: false, dirty: false });
  Object.assign(world, { stored: null, shown: null, value: null, fullscreen: false });
}

/**
 * The editor's copy is what the server answered: loaded or saved, the view shows it without edits, and the
 * list (which loaded at sign-in) takes its name.
 */
function takeStored(world: EditorWorld) {
  world.stored = world.shown = world.server.stored;
  world.listName = world.stored.name;
  Object.assign(world, { version: world.server.version, dirty: false, value: null });
}

export async function play(event: EditorModelEvent, world: EditorWorld) {
  const { user } = world;
  const type: string = event.type;
  const inDialog = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });
  switch (event.type) {
    case 'dashboard.open':
      return user.click(screen.getByRole('link', { name: world.listName }));
    case 'dashboard.close':
      // The operator opens a device page from the tree, unless an answered question already went there.
      if (!world.left) await user.click(await devicePageLink(user));
      return void Object.assign(world, {
        stored: null,
        shown: null,
        editing: false,
        value: null,
        left: null,
      });
    case 'navigation.requested':
      // A link in the sidebar, or the browser's back button (the path came from the device page).
      if (event.replace) await browserBack();
      else await user.click(await devicePageLink(user));
      if (world.dialog === null) Object.assign(world, { dialog: 'unsaved', exit: 'route' });
      return;
    case 'session.logoutRequested':
      await user.click(button(/^Account menu/));
      await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
      return void Object.assign(world, { dialog: 'unsaved', exit: 'logout' });
    case 'dashboard.reloadStored':
      await user.click(inDialog('Reload stored copy'));
      return void Object.assign(world, { dialog: null, editing: false, dirty: false, value: null });
    case 'dashboard.reload':
      return user.click(button('Retry'));
    case 'dashboard.edit':
      world.editing = true;
      return user.click(button('Edit dashboard'));
    case 'dashboard.layoutChanged':
      dragChiller();
      return void Object.assign(world, { shown: { ...world.shown!, moved: true }, dirty: true });
    case 'dashboard.removeWidget':
      await user.click(button(`Delete widget ${CHILLER}`));
      return void Object.assign(world, {
        shown: { ...world.shown!, chiller: false, moved: false },
        dirty: true,
      });
    case 'dashboard.toggleFullscreen':
      await user.click(button(`Fullscreen ${freezerName(world)}`));
      world.fullscreen = !world.fullscreen;
      return;
    case 'dashboard.downloadWidget':
      await user.click(button(`Download ${freezerName(world)}`));
      await user.click(await screen.findByRole('menuitem', { name: 'Download as CSV' }));
      world.expectedFiles.push('Freezer line.csv');
      return;
    case 'page.valuesPushed': {
      const { kind: _kind, ...address } = event.topic;
      const payload = { ...address, lines: event.lines };
      world.socket.last().listeners.received(JSON.stringify({ type: 'LineValues', payload }));
      world.value = PUSHED.shown;
      return;
    }
    case 'dashboard.addWidget':
      world.dialog = 'addWidget';
      return user.click(button('Add widget'));
    case 'dashboard.editWidget':
      world.dialog = 'editWidget';
      return user.click(button(`Edit widget ${freezerName(world)}`));
    case 'dashboard.rename':
      Object.assign(world, { dialog: 'rename', rename: { value: world.shown!.name, error: false } });
      return user.click(button('Rename dashboard'));
    case 'rename.change': {
      const field = within(dialogNamed('Rename dashboard')).getByRole('textbox', { name: 'Dashboard name' });
      await user.clear(field);
      await user.type(field, event.value);
      world.rename = { value: event.value, error: false };
      return;
    }
    case 'rename.submit': {
      await user.click(inDialog('Apply'));
      const name = world.rename.value.trim();
      if (!name) world.rename.error = true;
      else Object.assign(world, { dialog: null, shown: { ...world.shown!, name }, dirty: true });
      return;
    }
    case 'rename.cancel':
      world.dialog = null;
      return user.click(inDialog('Cancel'));
    case 'dashboard.save':
      world.expectedSaves.push({ shape: world.shown!, version: world.version });
      world.exit = null;
      return user.click(within(toolbar(false)).getByRole('button', { name: 'Save' }));
    case 'dashboard.leaveEdit':
      await user.click(button('Done'));
      if (world.dirty) Object.assign(world, { dialog: 'unsaved', exit: 'view' });
      else world.editing = false;
      return;
    case 'dashboard.confirmSave':
      world.expectedSaves.push({ shape: world.shown!, version: world.version });
      return user.click(inDialog('Save'));
    case 'dashboard.discard':
      await user.click(inDialog('Discard'));
      if (world.exit !== 'view') return leave(world);
      return void Object.assign(world, {
        dialog: null,
        editing: false,
        shown: world.stored,
        dirty: false,
        exit: null,
      });
    case 'dashboard.stayEditing':
      await user.click(
        inDialog(world.exit === 'view' || world.dialog === 'conflict' ? 'Keep editing' : 'Stay'),
      );
      // Keeping the draft after a conflict takes the stored version: the next save overwrites it.
      if (world.dialog === 'conflict') world.version = world.server.version;
      return void Object.assign(world, { dialog: null, exit: null });
    case 'dashboard.renamed':
      return renameInList(world);
    case 'dashboard.editLine':
      world.dialog = 'lineRead';
      return user.click(button('Edit Cabinet temperature'));
    case 'dashboard.editAnnotations':
      world.dialog = 'annotations';
      return user.click(button(`Annotations of ${CHART}`));
    case 'dashboard.annotationsSaved':
      await user.click(inDialog('Delete annotation Defrost'));
      // The chart's annotations are saved on their own: the list without Defrost.
      await vi.waitFor(() => expect(world.server.annotationSaves, 'annotations saved').toEqual([[]]));
      world.expectedToasts.push(TOAST.annotationsSaved);
      world.shown = { ...world.shown!, annotated: false };
      world.stored = { ...world.stored!, annotated: false };
      return;
  }
  return answer(type, event, world);
}

/** The server's answers and the ends of the widget dialogs. */
async function answer(type: string, event: EditorModelEvent, world: EditorWorld) {
  const { user } = world;
  const output = (event as { output?: unknown }).output;
  if (type === 'xstate.done.actor.loadDashboard') {
    // The model and the server agree on what is stored.
    expect(shapeOf(output as OpenedDashboard)).toEqual(world.server.stored);
    await answerLoad(world.server, true);
    takeStored(world);
    world.editing = false;
  } else if (type === 'xstate.error.actor.loadDashboard') {
    await answerLoad(world.server, false);
    // Before the first load the editor knows the dashboard only by its id.
    world.expectedToasts.push(TOAST.loadFailed(world.stored?.name ?? 'd-overview'));
  } else if (type === 'xstate.done.actor.saveDashboard') {
    await answerSave(world.server, 'saved');
    takeStored(world);
    world.expectedToasts.push(TOAST.saved(world.stored!.name));
    if (world.exit === 'view') Object.assign(world, { editing: false, dialog: null, exit: null });
    else if (world.exit) leave(world);
  } else if ((event as { error?: unknown }).error instanceof DashboardConflictError) {
    // The question of the conflict replaces the unsaved one: where the operator was going is forgotten.
    await answerSave(world.server, 'conflict');
    Object.assign(world, { dialog: 'conflict', exit: null });
  } else if (type === 'xstate.error.actor.saveDashboard') {
    await answerSave(world.server, 'failed');
    world.expectedToasts.push(TOAST.saveFailed(world.stored!.name));
  } else if (type === 'xstate.done.actor.widgetEditor') {
    const dialog = screen.getByRole('dialog');
    if (output === null) await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    else {
      const name = within(dialog).getByRole('textbox', { name: 'Name' });
      await user.clear(name);
      await user.type(name, freezerOf({ ...ORIGINAL, freezerRenamed: true }).name);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      Object.assign(world, { shown: { ...world.shown!, freezerRenamed: true }, dirty: true });
    }
    world.dialog = null;
  } else if (type === 'xstate.done.actor.elementLineEdit') {
    await failLineRead(world.server);
    world.expectedToasts.push(TOAST.lineFailed);
    world.dialog = null;
  } else if (type === 'xstate.done.actor.annotations') {
    await user.click(within(dialogNamed(`Annotations of ${CHART}`)).getByRole('button', { name: 'Close' }));
    world.dialog = null;
  } else throw new Error(`No way to play ${type}`);
}

/** The operator renames Overview from the sidebar's menu (SPEC §4); the open dashboard takes the new name. */
async function renameInList(world: EditorWorld) {
  const { user } = world;
  await user.click(button(`Dashboard actions for ${world.listName}`));
  await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  const field = within(dialogNamed('Rename dashboard')).getByRole('textbox', { name: 'Title' });
  await user.clear(field);
  await user.type(field, NAMES.list);
  await user.click(within(dialogNamed('Rename dashboard')).getByRole('button', { name: 'Save' }));
  world.listName = NAMES.list;
  world.shown = { ...world.shown!, name: NAMES.list };
  world.stored = { ...world.stored!, name: NAMES.list };
  world.expectedToasts.push(TOAST.listRenamed(NAMES.list));
}
