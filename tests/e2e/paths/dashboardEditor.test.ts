import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dashboardEditorMachine } from '../../../src/machines/dashboardEditor/dashboardEditorMachine';
import { DashboardConflictError } from '../../../src/services/api';
import type { Dashboard, Session } from '#contracts';
import type { ModelOptions } from '../../support/paths/coveringPaths';
import { editedDashboard } from '../../support/fixtures/dashboardEditorFixtures';
import { modelEvents } from '../../support/paths/modelEvents';
import { tenantUrl } from '../support/browser';
import { apiCall, apiSession, openSignedIn } from '../support/pathSession';
import { describeServerPaths, holdRequests, recordToasts, toastsShown } from '../support/serverPaths';

/**
 * Editing a dashboard of acme's admin that the path creates through the API and deletes at the end, so no other
 * test sees it. The server's answers are real: a conflict is another session saving first, a dashboard not found
 * is one deleted elsewhere, both done through the API while the browser's request is held.
 */
const TENANT = 'acme';
/** A device page of the tenant: the path starts there, with no dashboard open. */
const START_PAGE = '/3E0003/1/0/pages/1';

type EditorModelEvent = Parameters<typeof dashboardEditorMachine.transition>[1];
const { done, failed } = modelEvents<typeof dashboardEditorMachine>();
/** The model's stand-in for the path's dashboard as loaded: like it, without widgets. */
const pathDashboard = { ...editedDashboard, widgets: [] };
const LOADED = done('loadDashboard', pathDashboard);
const NOT_FOUND = failed('loadDashboard', new Error('not found'));
const SAVED = done('saveDashboard', { ...pathDashboard, version: 2 });
const CONFLICT = failed('saveDashboard', new DashboardConflictError(2));
const SAVE_NOT_FOUND = failed('saveDashboard', new Error('not found'));
const WIDGET_SAVED = done('widgetEditor', { widget: editedDashboard.widgets[0]! });
const RENAMED = ' (night shift)';

const model: ModelOptions<typeof dashboardEditorMachine> = {
  events: [
    { type: 'dashboard.open', id: 'the-path-dashboard' },
    { type: 'dashboard.edit' },
    // Renaming first: the leave and discard paths then rename the dashboard, and adding a widget has its own.
    { type: 'dashboard.rename' },
    { type: 'rename.change', value: RENAMED },
    { type: 'rename.submit' },
    { type: 'dashboard.addWidget' },
    WIDGET_SAVED,
    { type: 'dashboard.save' },
    { type: 'dashboard.leaveEdit' },
    { type: 'dashboard.confirmSave' },
    { type: 'dashboard.discard' },
    // The browser's back to the start page with unsaved changes (asked first), and the route's report after.
    { type: 'navigation.requested', path: START_PAGE, replace: true },
    { type: 'dashboard.close' },
    // The answers to a conflict's question.
    { type: 'dashboard.stayEditing' },
    { type: 'dashboard.reloadStored' },
    LOADED,
    NOT_FOUND,
    SAVED,
    CONFLICT,
    SAVE_NOT_FOUND,
  ],
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      dirty: s.context.dirty,
      leave: s.context.exit?.kind ?? null,
      name: s.context.draft?.name,
      widgets: s.context.draft?.widgets.length,
      rename: s.context.rename.value,
    }),
  // A sub-model: an open dashboard is not opened again (a no-op), a rename changes the name, and the paths that
  // leave edit mode rename rather than add a widget (the slowest dialog to fill, played on one path only).
  filterEvents: (s, e) => {
    if (e.type === 'dashboard.open') return s.matches('idle');
    if (e.type === 'dashboard.close') return s.matches('left');
    if (e.type === 'navigation.requested') return s.context.dirty && s.matches({ loaded: 'editing' });
    // Keep editing is the conflict's answer here (the unsaved question's is the jsdom paths').
    if (e.type === 'dashboard.stayEditing') return s.matches({ loaded: 'resolvingConflict' });
    if (e.type === 'rename.submit') return s.context.rename.value !== s.context.draft?.name;
    if (e.type === 'dashboard.leaveEdit')
      return s.context.draft?.widgets.length === s.context.stored?.widgets.length;
    return true;
  },
};

type Held = Awaited<ReturnType<typeof holdRequests>>;
interface EditorWorld {
  session: Session;
  id: string;
  /** The name and widgets as the server stores them, and its version. */
  stored: { name: string; widgets: string[]; version: number };
  /** The name and widgets the page should show. */
  shown: { name: string; widgets: string[] };
  renameTyped: string;
  deleted: boolean;
  /** Why the unsaved question is asked: Done, or the browser's back (away). */
  exit: 'view' | 'away' | null;
  load: Held;
  save: Held;
  toasts: (string | RegExp)[];
}

async function start(page: Page): Promise<EditorWorld> {
  const session = await apiSession(TENANT, 'admin', 'Admin123');
  const name = `Path ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await apiCall<Dashboard>(TENANT, session, 'POST', '/api/v2/dashboards/', { name });
  expect(created.status).toBe(201);
  const { id, version } = created.body;
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openSignedIn(page, session);
  await recordToasts(page);
  const world: EditorWorld = {
    session,
    id,
    stored: { name, widgets: [], version },
    shown: { name, widgets: [] },
    renameTyped: '',
    deleted: false,
    exit: null,
    load: await holdRequests(page, `**/api/v2/dashboards/${id}`, 'GET'),
    save: await holdRequests(page, '**/api/v2/dashboards/', 'PUT'),
    toasts: [],
  };
  await page.goto(tenantUrl(TENANT, START_PAGE));
  return world;
}

/** Deletes the dashboard as another session would: the page's next call about it is answered 404. */
async function deleteElsewhere(world: EditorWorld) {
  const answer = await apiCall(TENANT, world.session, 'DELETE', `/api/v2/dashboards/${world.id}`);
  expect(answer.status).toBe(200);
  world.deleted = true;
}

/** Saves the stored copy again as another session would: the page's version is stale afterwards. */
async function saveElsewhere(world: EditorWorld) {
  const { name, version } = world.stored;
  const answer = await apiCall<Dashboard>(TENANT, world.session, 'PUT', '/api/v2/dashboards/', {
    id: world.id,
    name,
    widgets: [],
    version,
  });
  expect(answer.status).toBe(200);
  world.stored = { name, widgets: [], version: answer.body.version };
}

/** Picks `option` in the Headless UI listbox named `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Fills the widget details of a status page widget of the walk-in cooler and saves it. */
async function addPageWidget(page: Page, world: EditorWorld) {
  const name = `Cooler page ${world.shown.widgets.length + 1}`;
  const details = page.getByRole('dialog', { name: 'Add widget' });
  await choose(page, details, 'Widget type', 'Page');
  await details.getByRole('textbox', { name: 'Name' }).fill(name);
  await details.getByRole('button', { name: 'Edit element 1' }).click();
  const element = page.getByRole('dialog', { name: 'Widget element' });
  await choose(page, element, 'Device', /\(3E0003\)/);
  await choose(page, element, 'Department', 'Evaporator 1');
  await choose(page, element, 'Page', '1 Status');
  // A Save right after the page is chosen is sometimes ignored (reported: the page's lines may still be loading),
  // so it is clicked again until the element dialog closes.
  const saveElement = element.getByRole('button', { name: 'Save' });
  await expect
    .poll(
      async () => {
        if (await saveElement.count()) await saveElement.click();
        return saveElement.count();
      },
      { timeout: 15_000, interval: 1000 },
    )
    .toBe(0);
  await details.getByRole('button', { name: 'Save' }).click();
  world.shown.widgets.push(name);
}

const is = (event: EditorModelEvent, expected: EditorModelEvent) =>
  JSON.stringify(event) === JSON.stringify(expected);
const unsaved = (page: Page, world: EditorWorld) =>
  page.getByRole('dialog', {
    name: world.exit === 'away' ? `Save changes to ${world.shown.name}?` : 'Unsaved changes',
  });
const conflict = (page: Page, world: EditorWorld) =>
  page.getByRole('dialog', { name: `${world.shown.name} was changed elsewhere` });

async function play(page: Page, event: EditorModelEvent, world: EditorWorld) {
  switch (event.type) {
    case 'dashboard.open':
      return page.getByRole('link', { name: world.stored.name, exact: true }).click();
    case 'dashboard.edit':
      return page.getByRole('button', { name: 'Edit dashboard' }).click();
    case 'dashboard.addWidget':
      return page.getByRole('button', { name: 'Add widget' }).click();
    case 'dashboard.rename':
      world.renameTyped = world.shown.name;
      return page.getByRole('button', { name: 'Rename dashboard' }).click();
    case 'rename.change':
      world.renameTyped = `${world.stored.name}${event.value}`;
      return page.getByRole('textbox', { name: 'Dashboard name' }).fill(world.renameTyped);
    case 'rename.submit':
      world.shown.name = world.renameTyped;
      return page.getByRole('button', { name: 'Apply' }).click();
    case 'dashboard.save':
      return page.getByRole('button', { name: 'Save', exact: true }).click();
    case 'dashboard.leaveEdit':
      world.exit = 'view';
      return page.getByRole('button', { name: 'Done' }).click();
    case 'navigation.requested':
      world.exit = 'away';
      return void (await page.goBack());
    case 'dashboard.close':
      // The discarded or saved question of the back button already went there.
      return;
    case 'dashboard.confirmSave':
      return unsaved(page, world).getByRole('button', { name: 'Save' }).click();
    case 'dashboard.discard':
      await unsaved(page, world).getByRole('button', { name: 'Discard' }).click();
      world.shown = { ...world.stored, widgets: [...world.stored.widgets] };
      world.exit = null;
      return;
    case 'dashboard.stayEditing':
      // The draft takes the stored version: the next save overwrites the copy saved elsewhere.
      return conflict(page, world).getByRole('button', { name: 'Keep editing' }).click();
    case 'dashboard.reloadStored':
      await conflict(page, world).getByRole('button', { name: 'Reload stored copy' }).click();
      world.shown = { ...world.stored, widgets: [...world.stored.widgets] };
      return;
  }
  return answer(page, event, world);
}

/** What the server answers the held request, arranged first when it is a conflict or a deletion. */
async function answer(page: Page, event: EditorModelEvent, world: EditorWorld) {
  if (is(event, WIDGET_SAVED)) return addPageWidget(page, world);
  if (world.deleted) throw new Error(`The dashboard was deleted: the server cannot answer ${event.type}`);
  if (is(event, LOADED)) return world.load.release();
  if (is(event, NOT_FOUND)) {
    await deleteElsewhere(world);
    await world.load.release();
    // The editor names a dashboard it could not load by its id (reported): the name is not checked here.
    world.toasts.push(/^The dashboard \S+ could not be loaded$/);
  } else if (is(event, SAVED)) {
    await world.save.release();
    world.stored = { ...world.shown, widgets: [...world.shown.widgets], version: world.stored.version + 1 };
    world.toasts.push(`Dashboard ${world.shown.name} saved`);
    world.exit = null;
  } else if (is(event, CONFLICT)) {
    // A dialog asks what to do: no toast, and the draft stays shown.
    await saveElsewhere(world);
    await world.save.release();
  } else if (is(event, SAVE_NOT_FOUND)) {
    await deleteElsewhere(world);
    await world.save.release();
    // Failures name the dashboard as it is stored, not by the name the unsaved draft gave it.
    world.toasts.push(`The dashboard ${world.stored.name} could not be saved`);
  } else throw new Error(`No way to play ${event.type}`);
}

async function toastsAsExpected(page: Page, world: EditorWorld) {
  // Only the dashboard's own: the demo fleet may raise alarms of its own at any time.
  const shown = (await toastsShown(page)).filter((text) => text.includes('ashboard'));
  expect(shown, 'the dashboard toasts shown so far').toEqual(
    world.toasts.map((toast) => (typeof toast === 'string' ? toast : expect.stringMatching(toast))),
  );
}

/** The dashboard on the page: its name, its widgets, the edit toggle, and the toasts so far. */
async function dashboardShown(page: Page, world: EditorWorld, editing: boolean) {
  expect(new URL(page.url()).pathname).toBe(`/dashboard/${world.id}`);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(world.shown.name);
  const toggle = page.getByRole('button', { name: editing ? 'Done' : 'Edit dashboard' });
  expect(await toggle.getAttribute('aria-pressed')).toBe(String(editing));
  expect(await page.getByRole('article').count(), 'widgets shown').toBe(world.shown.widgets.length);
  for (const name of world.shown.widgets)
    expect(await page.getByRole('article', { name, exact: true }).count(), name).toBe(1);
  await toastsAsExpected(page, world);
}

const noDialog = async (page: Page) => expect(await page.getByRole('dialog').count()).toBe(0);

describeServerPaths('dashboard editor in Chromium against the server', dashboardEditorMachine, {
  model,
  serverActors: ['loadDashboard', 'saveDashboard'],
  alsoCover: [
    'dashboardEditor.loaded.editingWidget on xstate.done.actor.widgetEditor #1 [widgetSaved]',
    'dashboardEditor.loaded.renaming on rename.submit #1 [renameValid]',
    'dashboardEditor.loaded.confirmingLeave on dashboard.discard #2',
  ],
  start,
  play: (page, event, world) => play(page, event, world),
  stop: async (world) => {
    if (!world.deleted) await apiCall(TENANT, world.session, 'DELETE', `/api/v2/dashboards/${world.id}`);
  },
  states: {
    idle: async (page) => {
      expect(new URL(page.url()).pathname).toBe(START_PAGE);
      expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
    },
    loading: async (page, _, world) => {
      expect(world.load.waiting(), 'the dashboard is asked for').toBe(true);
      await page.getByRole('status').filter({ hasText: 'Loading dashboard…' }).waitFor();
      expect(await page.getByRole('article').count()).toBe(0);
    },
    failed: async (page, _, world) => {
      expect(world.load.waiting()).toBe(false);
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
      await toastsAsExpected(page, world);
    },
    'loaded.viewing': async (page, _, world) => {
      await dashboardShown(page, world, false);
      await noDialog(page);
    },
    'loaded.editing': async (page, _, world) => {
      await dashboardShown(page, world, true);
      expect(await page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
      expect(world.save.waiting(), 'no save waits').toBe(false);
      await noDialog(page);
    },
    'loaded.editingWidget': async (page) => {
      const details = page.getByRole('dialog', { name: 'Add widget' });
      await details.getByRole('button', { name: 'Widget type', exact: true }).waitFor();
    },
    'loaded.renaming': async (page, _, world) => {
      const prompt = page.getByRole('dialog', { name: 'Rename dashboard' });
      expect(await prompt.getByRole('textbox', { name: 'Dashboard name' }).inputValue()).toBe(
        world.renameTyped,
      );
    },
    left: async (page) => {
      await expect.poll(() => new URL(page.url()).pathname).toBe(START_PAGE);
      expect(await page.getByRole('button', { name: 'Edit dashboard' }).count()).toBe(0);
      await noDialog(page);
    },
    'loaded.resolvingConflict': async (page, _, world) => {
      await conflict(page, world)
        .getByText(/your next Save overwrites the stored copy/)
        .waitFor();
      expect(world.save.waiting(), 'no save waits').toBe(false);
      await toastsAsExpected(page, world);
    },
    'loaded.confirmingLeave': async (page, _, world) => {
      await unsaved(page, world).getByRole('button', { name: 'Discard' }).waitFor();
      expect(world.save.waiting(), 'no save waits').toBe(false);
      await toastsAsExpected(page, world);
    },
    'loaded.saving': async (page, _, world) => {
      expect(world.save.waiting(), 'the save waits for the server').toBe(true);
      expect(world.save.bodies().at(-1)).toMatchObject({
        id: world.id,
        name: world.shown.name,
        version: world.stored.version,
      });
      const sent = world.save.bodies().at(-1) as { widgets: { name: string }[] };
      expect(sent.widgets.map((widget) => widget.name)).toEqual(world.shown.widgets);
    },
  },
});
